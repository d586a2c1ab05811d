import DragDrop
import Foundation

/// A view controller whose view is a collection view it is the data source and delegate
/// of, as UIKit's `UICollectionViewController`. Subclasses override the data source and
/// delegate methods they need.
///
/// As in UIKit, ``installsStandardGestureForInteractiveMovement`` gives the collection view
/// a long press that moves items (rule 28) through the data source's
/// ``collectionView(_:moveItemAt:to:)``, unless the view is a drag source: then a long
/// press lifts a drag instead.
///
/// ```swift
/// final class ColorsController: CollectionViewController {
///   var colors: [Color] = [.red, .green, .blue]
///
///   override func viewDidLoad() {
///     super.viewDidLoad()
///     collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "Cell")
///   }
///
///   override func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
///     colors.count
///   }
///
///   override func collectionView(
///     _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
///   ) -> CollectionViewCell {
///     let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Cell", for: indexPath)
///     cell.contentView.backgroundColor = colors[indexPath.item]
///     return cell
///   }
///
///   override func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
///     colors.insert(colors.remove(at: source.item), at: destination.item)
///   }
/// }
/// ```
@MainActor
open class CollectionViewController: ViewController, CollectionViewDataSource, CollectionViewDelegate {
  /// The layout the controller's collection view is made with.
  public let collectionViewLayout: CollectionViewLayout
  /// Whether the collection view moves items with a long press (rule 28); true by default,
  /// as in UIKit. Read when the view loads.
  public var installsStandardGestureForInteractiveMovement = true
  /// Keeps the standard gesture's delegate, which the gesture holds weakly.
  private var movementGate: InteractiveMovementGate?

  /// A controller whose collection view places its items with `layout`.
  public init(collectionViewLayout layout: CollectionViewLayout) {
    collectionViewLayout = layout
    super.init()
  }

  /// A controller whose collection view has a ``CollectionViewFlowLayout``, as UIKit makes
  /// one from code; nib names and bundles are not used.
  public override init(nibName: String?, bundle: Bundle?) {
    collectionViewLayout = CollectionViewFlowLayout()
    super.init(nibName: nibName, bundle: bundle)
  }

  /// UIKit's archive initializer; archives are not read, and the layout is a flow layout.
  public required init?(coder: NSCoder) {
    collectionViewLayout = CollectionViewFlowLayout()
    super.init(coder: coder)
  }

  /// The controller's collection view: its view.
  open var collectionView: CollectionView! {
    get { view as? CollectionView }
    set { view = newValue }
  }

  /// Makes the collection view, with the controller as its data source and delegate.
  open override func loadView() {
    let collection = CollectionView(
      frame: Rect(x: 0, y: 0, width: 320, height: 480), collectionViewLayout: collectionViewLayout)
    collection.dataSource = self
    collection.delegate = self
    if installsStandardGestureForInteractiveMovement {
      let press = LongPressGestureRecognizer { [weak collection] recognizer in
        guard let collection else { return }
        Self.moveInteractively(collection, with: recognizer)
      }
      // A collection view whose items drag lifts them instead: the press does not begin.
      let gate = InteractiveMovementGate(collection: collection)
      press.delegate = gate
      movementGate = gate
      collection.addGestureRecognizer(press)
    }
    view = collection
  }

  /// The standard gesture: begin over an item, follow the finger, end or cancel with it.
  private static func moveInteractively(_ collection: CollectionView, with recognizer: GestureRecognizer) {
    let location = recognizer.location(in: collection)
    switch recognizer.state {
    case .began:
      guard collection.dragDelegate == nil || !collection.dragInteractionEnabled,
        let indexPath = collection.indexPathForItem(at: location)
      else { return }
      collection.beginInteractiveMovementForItem(at: indexPath)
    case .changed: collection.updateInteractiveMovementTargetPosition(location)
    case .ended: collection.endInteractiveMovement()
    case .cancelled, .failed: collection.cancelInteractiveMovement()
    case .possible: break
    }
  }

  // MARK: Data source

  /// One section, by default.
  open func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
  /// No items, by default.
  open func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
  /// A plain cell, by default.
  open func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    CollectionViewCell(frame: .zero)
  }
  /// True, by default.
  open func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
  /// Not implemented, by default: override it to reorder items; until then an interactive
  /// movement puts the item back.
  open func collectionView(_ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath) {
    collectionView.dataSourceMovedItem = false
  }

  // MARK: Delegate

  /// Does nothing, by default.
  open func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  /// Does nothing, by default.
  open func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
  /// The proposed path, by default.
  open func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveOfItemFromOriginalIndexPath original: IndexPath,
    atCurrentIndexPath current: IndexPath, toProposedIndexPath proposed: IndexPath
  ) -> IndexPath { proposed }
}

/// Lets the standard gesture for interactive movement begin only where no drag interaction
/// lifts the items: a press held on a draggable item lifts it (rule 2).
@MainActor
private final class InteractiveMovementGate: GestureRecognizerDelegate {
  weak var collection: CollectionView?

  init(collection: CollectionView) {
    self.collection = collection
  }

  func gestureRecognizerShouldBegin(_ gestureRecognizer: GestureRecognizer) -> Bool {
    guard let collection else { return false }
    return collection.dragDelegate == nil || !collection.dragInteractionEnabled
  }
}
