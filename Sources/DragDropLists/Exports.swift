// What the lists' API is written in: the engine, and Foundation's index paths and sets,
// so that `import DragDropLists` alone is enough to use a table or a collection view.
@_exported import DragDrop

@_exported import struct Foundation.IndexPath
@_exported import struct Foundation.IndexSet
