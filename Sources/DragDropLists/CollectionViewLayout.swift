import DragDrop
import Foundation

/// How a collection view places its items.
public enum CollectionViewLayout: Sendable {
  /// A grid of items of one size that wraps at the view's width.
  case flow(
    itemSize: Size, minimumInteritemSpacing: Double = 10, minimumLineSpacing: Double = 10,
    sectionInset: EdgeInsets = .zero)
  /// Full-width rows of one height.
  case list(itemHeight: Double)
}

/// How soon a collection view re-flows its items when a drag's destination changes
/// (rule 26).
public enum CollectionViewReorderingCadence: Sendable, Hashable {
  /// As soon as the destination changes.
  case immediate
  /// After a short delay once the destination changes.
  case fast
  /// Once the pointer rests, like a home screen.
  case slow

  /// The wait, in seconds, and whether each pointer movement restarts it.
  var delay: (seconds: Double, restartsOnMove: Bool) {
    switch self {
    case .immediate: (0, false)
    case .fast: (0.15, false)
    case .slow: (0.5, true)
    }
  }
}
