// The values a declarative view works with: content types, item providers with their
// Color and Image, geometry and fonts. The engine's own
// `View` class is not exported: here `View` is the declarative protocol.
// Foundation and Observation come with the module, as they come with SwiftUI.
@_exported import ContentTypes
@_exported import Foundation
@_exported import ItemProviders
@_exported import Observation

@_exported import struct Views.EdgeInsets
@_exported import struct Views.Font
@_exported import struct Views.KeyEvent
@_exported import struct Views.KeyModifiers
@_exported import struct Views.Point
@_exported import struct Views.Rect
@_exported import struct Views.ScrollEvent
@_exported import struct Views.Size
@_exported import class Views.Window
@_exported import struct Views.WindowEnvironment
