// `import DragDropGTK` alone is enough to open a window and put views in it; the drag
// preview overlay comes from the pieces every backend shares.
@_exported import BackendSupport
@_exported import DragDrop
