@_spi(Platform) import DragDrop
import DragDropLists
import DragDropTesting
import Views

@testable import DragDropUI

// Helpers that name the engine's views, which the other files cannot: there `View` is
// the declarative protocol.

/// The centre of `view` in the test window's coordinates.
@MainActor
func center(of view: Views.View, in test: TestWindow) -> Point {
  view.convert(view.bounds.center, to: test.window)
}

/// The first view in `root`'s tree whose snapshot line contains `text`.
@MainActor
func find(_ text: String, in root: Views.View) -> Views.View? {
  if root.snapshotDescription.contains(text) { return root }
  for subview in root.subviews {
    if let found = find(text, in: subview) { return found }
  }
  return nil
}

/// The centre of row `row` of the first list in `host`, in window coordinates.
@MainActor
func rowCenter(_ row: Int, in host: Views.View, test: TestWindow) -> Point {
  let list = find("List", in: host)!
  return list.convert(Point(x: 150, y: 22 + 44 * Double(row)), to: test.window)
}

/// The lift previews of the live drag in `test`'s window, as view trees.
@MainActor
func liftedPreviewTrees(in test: TestWindow) -> [String] {
  guard let session = test.window.dragController.activeSessions.first else { return [] }
  return test.window.dragController.liftPreviews(of: session).compactMap { $0?.view.treeSnapshot }
}

/// Gives the keyboard focus to the first list or grid in `view`.
@MainActor
@discardableResult
func focusFirstList(in view: Views.View, test: TestWindow) -> Bool {
  if view is ItemsView { return test.window.focus(view) }
  for subview in view.subviews where focusFirstList(in: subview, test: test) { return true }
  return false
}

/// The content offset of the engine's scroll view inside `view`.
@MainActor
func scrollOffset(of view: Views.View) -> Point? {
  if let scroll = view as? Views.ScrollView { return scroll.contentOffset }
  for subview in view.subviews {
    if let offset = scrollOffset(of: subview) { return offset }
  }
  return nil
}

/// The first text view in `view`'s tree.
@MainActor
func firstTextLeaf(in view: Views.View) -> TextLeafView? {
  if let text = view as? TextLeafView { return text }
  for subview in view.subviews {
    if let found = firstTextLeaf(in: subview) { return found }
  }
  return nil
}

/// The first view in `root`'s tree whose snapshot line starts with `name`: a node's view
/// by its display name.
@MainActor
func findView(named name: String, in root: Views.View) -> Views.View? {
  if root.snapshotDescription.hasPrefix(name + " ") { return root }
  for subview in root.subviews {
    if let found = findView(named: name, in: subview) { return found }
  }
  return nil
}

/// The first engine view of type `T` under `root`, depth first, that `matches` accepts.
@MainActor
func firstEngineView<T>(_ type: T.Type, under root: Views.View, where matches: (T) -> Bool = { _ in true }) -> T? {
  if let view = root as? T, matches(view) { return view }
  for subview in root.subviews {
    if let found = firstEngineView(type, under: subview, where: matches) { return found }
  }
  return nil
}
