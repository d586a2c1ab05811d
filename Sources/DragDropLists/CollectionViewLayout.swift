import DragDrop
import Foundation

/// How a collection view places its items, as UIKit's `UICollectionViewLayout`: a
/// ``CollectionViewFlowLayout`` grid, or full-width rows (``list(itemHeight:)``).
///
/// A layout belongs to one collection view at a time: the view it was last given to.
/// Changing a flow layout's metrics lays that view out again.
///
/// Subclassing a layout to place items by their layout attributes, as UIKit's custom
/// layouts do, is not supported: the class has no public initializer of its own.
@MainActor
open class CollectionViewLayout {
  /// The collection view the layout places items for; held weakly.
  public internal(set) weak var collectionView: CollectionView?

  init() {}

  /// A grid of items of one size that wraps at the view's width, its items at the given
  /// spacing from the leading edge (a ``CollectionViewFlowLayout`` spreads them out).
  public static func flow(
    itemSize: Size, minimumInteritemSpacing: Double = 10, minimumLineSpacing: Double = 10,
    sectionInset: EdgeInsets = .zero
  ) -> CollectionViewLayout {
    let layout = CollectionViewFlowLayout()
    layout.itemSize = itemSize
    layout.minimumInteritemSpacing = minimumInteritemSpacing
    layout.minimumLineSpacing = minimumLineSpacing
    layout.sectionInset = sectionInset
    layout.alignsToLeadingEdge = true
    return layout
  }

  /// Full-width rows of one height.
  public static func list(itemHeight: Double) -> CollectionViewLayout {
    ListCollectionViewLayout(itemHeight: itemHeight)
  }

  /// Tells the collection view to lay its items out again, as after a change of metrics.
  public func invalidateLayout() {
    collectionView?.layoutDidChange()
  }

  // MARK: For the collection view

  /// The geometry of `counts` items at `width`.
  func itemLayout(width: Double, counts: [Int]) -> any ItemLayout {
    ListLayout(width: width, sections: counts.map { ListLayout.Section(rowHeights: Array(repeating: 44, count: $0)) })
  }

  /// Whether the items are in a grid (so up and down keys move by a row).
  var isGrid: Bool { false }

  /// Whether the collection view makes the layout again after every change to its items.
  var remakesAfterChanges: Bool { false }

  /// An item's size from the delegate, for layouts whose delegate gives sizes.
  func delegateSize(at indexPath: IndexPath) -> Size? { nil }

  /// The size a preview of an item takes by default, in a view `width` wide.
  func itemSize(width: Double) -> Size { Size(width: width, height: 44) }
}

/// Full-width rows of one height: ``CollectionViewLayout/list(itemHeight:)``.
@MainActor
final class ListCollectionViewLayout: CollectionViewLayout {
  let itemHeight: Double

  init(itemHeight: Double) {
    self.itemHeight = itemHeight
  }

  override func itemLayout(width: Double, counts: [Int]) -> any ItemLayout {
    ListLayout(
      width: width, sections: counts.map { ListLayout.Section(rowHeights: Array(repeating: itemHeight, count: $0)) })
  }

  override func itemSize(width: Double) -> Size { Size(width: width, height: itemHeight) }
}

/// A grid whose items wrap at the view's width, as UIKit's `UICollectionViewFlowLayout`.
///
/// Items share one size, ``itemSize``. As in UIKit, the items of a line spread out to fill
/// the width (the lines below line up with the first), and a line of one item centres it.
///
/// A collection view delegate that adopts ``CollectionViewDelegateFlowLayout`` may give each
/// item its own size, and each section its own insets and spacing. They are asked for at
/// each reload, each ``CollectionViewLayout/invalidateLayout()`` and after each change to
/// the items (a batch update, a committed placeholder): every item, as UIKit's flow layout
/// asks when it prepares. Items of different sizes flow as in UIKit: a line takes items
/// until the next does not fit, is as tall as its tallest item and centres the others
/// vertically; every line but a section's last spreads its items to fill the width (a line
/// of one item centres it), and the last line keeps the minimum spacing from the leading
/// edge. A placeholder takes ``itemSize`` (the first item's size, with a delegate) until
/// its item is committed.
///
/// Not supported, and logged when asked for: horizontal scrolling.
@MainActor
open class CollectionViewFlowLayout: CollectionViewLayout {
  /// Which way the content scrolls.
  public enum ScrollDirection: Sendable, Hashable {
    /// Lines of items stack downwards: the only direction supported.
    case vertical
    /// Lines stack sideways: not supported, and laid out vertically.
    case horizontal
  }

  /// The size of every item; 50 by 50 points by default, as in UIKit.
  public var itemSize = Size(width: 50, height: 50) { didSet { invalidateLayout() } }
  /// The least space between items of a line; 10 points by default.
  public var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
  /// The space between lines; 10 points by default.
  public var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }
  /// The margins around each section's items; none by default.
  public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
  /// Which way the content scrolls; only ``ScrollDirection/vertical`` is supported.
  public var scrollDirection = ScrollDirection.vertical {
    didSet {
      if scrollDirection == .horizontal {
        CollectionView.logger.warning(
          "CollectionViewFlowLayout.scrollDirection: horizontal flow layouts are not supported; the items flow vertically"
        )
      }
      invalidateLayout()
    }
  }
  /// Whether items keep the minimum spacing from the leading edge rather than spreading
  /// out: what ``CollectionViewLayout/flow(itemSize:minimumInteritemSpacing:minimumLineSpacing:sectionInset:)``
  /// makes.
  var alignsToLeadingEdge = false

  /// A flow layout of 50-point items 10 points apart.
  public override init() {}

  override var isGrid: Bool { true }

  override func itemSize(width: Double) -> Size { metrics.itemSize }

  override func itemLayout(width: Double, counts: [Int]) -> any ItemLayout {
    let own = Metrics(
      itemSize: itemSize, interitem: minimumInteritemSpacing, line: minimumLineSpacing, inset: sectionInset)
    guard let collectionView, let delegate = collectionView.delegate as? any CollectionViewDelegateFlowLayout else {
      metrics = own
      return FlowLayout(
        width: width, itemSize: own.itemSize, minimumInteritemSpacing: own.interitem, minimumLineSpacing: own.line,
        sectionInset: own.inset, itemCounts: counts, justified: !alignsToLeadingEdge)
    }
    // Every item and section is asked, as UIKit's flow layout asks when it prepares.
    var sections: [(metrics: SizedFlowLayout.Metrics, sizes: [Size])] = []
    sections.reserveCapacity(counts.count)
    for (section, count) in counts.enumerated() {
      let spacing = SizedFlowLayout.Metrics(
        inset: delegate.collectionView(collectionView, layout: self, insetForSectionAt: section),
        interitem: delegate.collectionView(collectionView, layout: self, minimumInteritemSpacingForSectionAt: section),
        line: delegate.collectionView(collectionView, layout: self, minimumLineSpacingForSectionAt: section))
      let sizes = (0..<count).map {
        delegate.collectionView(collectionView, layout: self, sizeForItemAt: IndexPath(item: $0, section: section))
      }
      sections.append((spacing, sizes))
    }
    // One size and one set of metrics keep the arithmetic grid, whose queries are O(1).
    let firstSize = sections.lazy.compactMap(\.sizes.first).first
    let uniform =
      sections.allSatisfy { $0.metrics == sections[0].metrics && $0.sizes.allSatisfy { $0 == firstSize } }
    metrics =
      sections.first.map {
        Metrics(
          itemSize: firstSize ?? itemSize, interitem: $0.metrics.interitem, line: $0.metrics.line,
          inset: $0.metrics.inset)
      } ?? own
    guard !uniform else {
      return FlowLayout(
        width: width, itemSize: metrics.itemSize, minimumInteritemSpacing: metrics.interitem,
        minimumLineSpacing: metrics.line, sectionInset: metrics.inset, itemCounts: counts,
        justified: !alignsToLeadingEdge)
    }
    return SizedFlowLayout(
      width: width, sections: sections, justified: !alignsToLeadingEdge, defaultSize: metrics.itemSize,
      defaultMetrics: SizedFlowLayout.Metrics(inset: metrics.inset, interitem: metrics.interitem, line: metrics.line))
  }

  /// A flow layout whose delegate gives sizes is made again after every change to the
  /// items, so that new items are asked for theirs, as UIKit's flow layout asks when it
  /// prepares: O(n) delegate calls.
  override var remakesAfterChanges: Bool {
    collectionView?.delegate is any CollectionViewDelegateFlowLayout
  }

  override func delegateSize(at indexPath: IndexPath) -> Size? {
    guard let collectionView, let delegate = collectionView.delegate as? any CollectionViewDelegateFlowLayout else {
      return nil
    }
    return delegate.collectionView(collectionView, layout: self, sizeForItemAt: indexPath)
  }

  /// The metrics of the last layout made: the first item's, or the layout's own.
  private var metrics = Metrics(itemSize: Size(width: 50, height: 50), interitem: 10, line: 10, inset: .zero)

  struct Metrics: Equatable {
    var itemSize: Size
    var interitem: Double
    var line: Double
    var inset: EdgeInsets
  }
}

/// The flow layout's sizes and spacing, item by item and section by section, from the
/// collection view's delegate (UIKit's `UICollectionViewDelegateFlowLayout`). Each method
/// defaults to the layout's own property.
@MainActor
public protocol CollectionViewDelegateFlowLayout: CollectionViewDelegate {
  /// The size of an item; the layout's ``CollectionViewFlowLayout/itemSize`` by default.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize
  /// A section's margins; the layout's ``CollectionViewFlowLayout/sectionInset`` by default.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets
  /// A section's space between lines; the layout's ``CollectionViewFlowLayout/minimumLineSpacing`` by default.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat
  /// A section's least space between items of a line; the layout's
  /// ``CollectionViewFlowLayout/minimumInteritemSpacing`` by default.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat
}

extension CollectionViewDelegateFlowLayout {
  /// The layout's ``CollectionViewFlowLayout/itemSize``.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    (collectionViewLayout as? CollectionViewFlowLayout)?.itemSize ?? CGSize(width: 50, height: 50)
  }
  /// The layout's ``CollectionViewFlowLayout/sectionInset``.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    (collectionViewLayout as? CollectionViewFlowLayout)?.sectionInset ?? .zero
  }
  /// The layout's ``CollectionViewFlowLayout/minimumLineSpacing``.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    (collectionViewLayout as? CollectionViewFlowLayout)?.minimumLineSpacing ?? 10
  }
  /// The layout's ``CollectionViewFlowLayout/minimumInteritemSpacing``.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat {
    (collectionViewLayout as? CollectionViewFlowLayout)?.minimumInteritemSpacing ?? 10
  }
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
