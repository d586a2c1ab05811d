// `import DragDropGTK` alone is enough to open a window and put views in it.
@_exported import DragDrop
