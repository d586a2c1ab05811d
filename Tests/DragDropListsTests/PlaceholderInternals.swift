@testable import DragDropLists

// The engine's entry behind a placeholder context, for tests that check where it stands.

extension TableViewDropPlaceholderContext {
  var entry: ItemsView.PlaceholderEntry { (self as! EnginePlaceholderContext).entry }
}

extension CollectionViewDropPlaceholderContext {
  var entry: ItemsView.PlaceholderEntry { (self as! EnginePlaceholderContext).entry }
}
