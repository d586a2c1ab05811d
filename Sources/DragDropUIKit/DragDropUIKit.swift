// DragDropUIKit: code written for UIKit compiles against DragDrop with only its imports
// changed. Importing this module brings Foundation, as `import UIKit` does, and every
// DragDrop module UIKit code reaches: geometry and images, item providers and content
// types, views and windows, drag and drop interactions, tables and collection views.

@_exported import ContentTypes
@_exported import DragDrop
import DragDropGTK
@_exported import DragDropLists
@_exported import Foundation
@_exported import Graphics
@_exported import ItemProviders
@_exported import Views
