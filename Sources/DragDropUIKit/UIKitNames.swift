import DragDropGTK

// UIKit's names for DragDrop's types. Each is the same type under the name UIKit code
// spells, so that a `UITableView` is a `TableView` and a `UIDragItem` a `DragItem`.

// MARK: Views and windows

/// UIKit's name for ``View``.
public typealias UIView = View
/// UIKit's name for ``Window``.
public typealias UIWindow = Window
/// UIKit's name for ``ScrollView``.
public typealias UIScrollView = ScrollView
/// UIKit's name for ``ScrollViewDelegate``.
public typealias UIScrollViewDelegate = ScrollViewDelegate
/// UIKit's name for ``Label``.
public typealias UILabel = Label
/// UIKit's name for ``ImageView``.
public typealias UIImageView = ImageView
/// UIKit's name for ``ViewController``.
public typealias UIViewController = ViewController
/// UIKit's name for ``Interaction``.
public typealias UIInteraction = Interaction
/// UIKit's name for ``Font``.
public typealias UIFont = Font
/// UIKit's name for ``EdgeInsets``.
public typealias UIEdgeInsets = EdgeInsets
/// UIKit's name for ``Color``.
public typealias UIColor = Color
/// UIKit's name for a label's ``Label/LineBreakMode``.
public typealias NSLineBreakMode = Label.LineBreakMode
/// UIKit's name for ``Event``.
public typealias UIEvent = Event
/// UIKit's name for ``AccessibilityTraits``.
public typealias UIAccessibilityTraits = AccessibilityTraits
/// Core Animation's name for ``Layer``.
public typealias CALayer = Layer
/// Core Animation's name for ``ShapeLayer``.
public typealias CAShapeLayer = ShapeLayer

// MARK: Controls

/// UIKit's name for ``Control``.
public typealias UIControl = Control
/// UIKit's name for ``Button``.
public typealias UIButton = Button
/// UIKit's name for ``Action``.
public typealias UIAction = Action
/// UIKit's name for ``AlertController``.
public typealias UIAlertController = AlertController
/// UIKit's name for ``AlertAction``.
public typealias UIAlertAction = AlertAction
/// UIKit's name for ``ActivityIndicatorView``.
public typealias UIActivityIndicatorView = ActivityIndicatorView
/// UIKit's name for ``ProgressView``.
public typealias UIProgressView = ProgressView

// MARK: Gestures

/// UIKit's name for ``GestureRecognizer``.
public typealias UIGestureRecognizer = GestureRecognizer
/// UIKit's name for ``GestureRecognizerDelegate``.
public typealias UIGestureRecognizerDelegate = GestureRecognizerDelegate
/// UIKit's name for ``TapGestureRecognizer``.
public typealias UITapGestureRecognizer = TapGestureRecognizer
/// UIKit's name for ``LongPressGestureRecognizer``.
public typealias UILongPressGestureRecognizer = LongPressGestureRecognizer
/// UIKit's name for ``PanGestureRecognizer``.
public typealias UIPanGestureRecognizer = PanGestureRecognizer

// MARK: Copy and paste

/// UIKit's name for ``Pasteboard``.
public typealias UIPasteboard = Pasteboard
/// UIKit's name for ``PasteConfiguration``.
public typealias UIPasteConfiguration = PasteConfiguration

// MARK: Drag and drop

/// UIKit's name for ``DragInteraction``.
public typealias UIDragInteraction = DragInteraction
/// UIKit's name for ``DragInteractionDelegate``.
public typealias UIDragInteractionDelegate = DragInteractionDelegate
/// UIKit's name for ``DropInteraction``.
public typealias UIDropInteraction = DropInteraction
/// UIKit's name for ``DropInteractionDelegate``.
public typealias UIDropInteractionDelegate = DropInteractionDelegate
/// UIKit's name for ``DragItem``.
public typealias UIDragItem = DragItem
/// UIKit's name for ``DragDropSession``.
public typealias UIDragDropSession = DragDropSession
/// UIKit's name for ``DragSession``.
public typealias UIDragSession = DragSession
/// UIKit's name for ``DropSession``.
public typealias UIDropSession = DropSession
/// UIKit's name for ``DropProposal``.
public typealias UIDropProposal = DropProposal
/// UIKit's name for ``DropOperation``.
public typealias UIDropOperation = DropOperation
/// UIKit's name for ``DropSessionProgressIndicatorStyle``.
public typealias UIDropSessionProgressIndicatorStyle = DropSessionProgressIndicatorStyle
/// UIKit's name for ``DragAnimating``.
public typealias UIDragAnimating = DragAnimating
/// UIKit's name for ``DragPreview``.
public typealias UIDragPreview = DragPreview
/// UIKit's name for ``TargetedDragPreview``.
public typealias UITargetedDragPreview = TargetedDragPreview
/// UIKit's name for ``DragPreviewParameters``.
public typealias UIDragPreviewParameters = DragPreviewParameters
/// UIKit's name for ``DragPreviewTarget``.
public typealias UIDragPreviewTarget = DragPreviewTarget
/// UIKit's name for ``SpringLoadedContext``.
public typealias UISpringLoadedInteractionContext = SpringLoadedContext

// MARK: Tables

/// UIKit's name for ``TableView``.
public typealias UITableView = TableView
/// UIKit's name for ``TableViewController``.
public typealias UITableViewController = TableViewController
/// UIKit's name for ``TableViewCell``.
public typealias UITableViewCell = TableViewCell
/// UIKit's name for ``ContextualAction``.
public typealias UIContextualAction = ContextualAction
/// UIKit's name for ``SwipeActionsConfiguration``.
public typealias UISwipeActionsConfiguration = SwipeActionsConfiguration
/// UIKit's name for ``TableViewHeaderFooterView``.
public typealias UITableViewHeaderFooterView = TableViewHeaderFooterView
/// UIKit's name for ``TableViewDataSource``.
public typealias UITableViewDataSource = TableViewDataSource
/// UIKit's name for ``TableViewDelegate``.
public typealias UITableViewDelegate = TableViewDelegate
/// UIKit's name for ``TableViewDragDelegate``.
public typealias UITableViewDragDelegate = TableViewDragDelegate
/// UIKit's name for ``TableViewDropDelegate``.
public typealias UITableViewDropDelegate = TableViewDropDelegate
/// UIKit's name for ``TableViewDropCoordinator``.
public typealias UITableViewDropCoordinator = TableViewDropCoordinator
/// UIKit's name for ``TableViewDropItem``.
public typealias UITableViewDropItem = TableViewDropItem
/// UIKit's name for ``TableViewDropProposal``.
public typealias UITableViewDropProposal = TableViewDropProposal
/// UIKit's name for ``DropIntent`` in a table.
public typealias UITableViewDropIntent = DropIntent
/// UIKit's name for ``TableViewDropPlaceholder``.
public typealias UITableViewDropPlaceholder = TableViewDropPlaceholder
/// UIKit's name for ``TableViewDropPlaceholderContext``.
public typealias UITableViewDropPlaceholderContext = TableViewDropPlaceholderContext
/// UIKit's name for ``TableViewDiffableDataSource``.
public typealias UITableViewDiffableDataSource = TableViewDiffableDataSource

// MARK: Collection views

/// UIKit's name for ``CollectionView``.
public typealias UICollectionView = CollectionView
/// UIKit's name for ``CollectionViewCell``.
public typealias UICollectionViewCell = CollectionViewCell
/// UIKit's name for ``CollectionViewLayout``.
public typealias UICollectionViewLayout = CollectionViewLayout
/// UIKit's name for ``CollectionViewFlowLayout``.
public typealias UICollectionViewFlowLayout = CollectionViewFlowLayout
/// UIKit's name for ``CollectionViewDelegateFlowLayout``.
public typealias UICollectionViewDelegateFlowLayout = CollectionViewDelegateFlowLayout
/// UIKit's name for ``CollectionViewController``.
public typealias UICollectionViewController = CollectionViewController
/// UIKit's name for ``CollectionViewReorderingCadence``.
public typealias UICollectionViewReorderingCadence = CollectionViewReorderingCadence
/// UIKit's name for ``CollectionViewDataSource``.
public typealias UICollectionViewDataSource = CollectionViewDataSource
/// UIKit's name for ``CollectionViewDelegate``.
public typealias UICollectionViewDelegate = CollectionViewDelegate
/// UIKit's name for ``CollectionViewDragDelegate``.
public typealias UICollectionViewDragDelegate = CollectionViewDragDelegate
/// UIKit's name for ``CollectionViewDropDelegate``.
public typealias UICollectionViewDropDelegate = CollectionViewDropDelegate
/// UIKit's name for ``CollectionViewDropCoordinator``.
public typealias UICollectionViewDropCoordinator = CollectionViewDropCoordinator
/// UIKit's name for ``CollectionViewDropItem``.
public typealias UICollectionViewDropItem = CollectionViewDropItem
/// UIKit's name for ``CollectionViewDropProposal``.
public typealias UICollectionViewDropProposal = CollectionViewDropProposal
/// UIKit's name for ``DropIntent`` in a collection view.
public typealias UICollectionViewDropIntent = DropIntent
/// UIKit's name for ``CollectionViewDropPlaceholder``.
public typealias UICollectionViewDropPlaceholder = CollectionViewDropPlaceholder
/// UIKit's name for ``CollectionViewDropPlaceholderContext``.
public typealias UICollectionViewDropPlaceholderContext = CollectionViewDropPlaceholderContext
/// UIKit's name for ``CollectionViewDiffableDataSource``.
public typealias UICollectionViewDiffableDataSource = CollectionViewDiffableDataSource

// MARK: Data

/// UIKit's name for ``DiffableDataSourceSnapshot``.
public typealias NSDiffableDataSourceSnapshot = DiffableDataSourceSnapshot

// MARK: Drawing

/// UIKit's name for ``BezierPath``.
public typealias UIBezierPath = BezierPath
/// UIKit's name for DragDropGTK's `GraphicsImageRenderer`, which draws with cairo off screen.
public typealias UIGraphicsImageRenderer = GraphicsImageRenderer
/// UIKit's name for DragDropGTK's `GraphicsImageRendererFormat`.
public typealias UIGraphicsImageRendererFormat = GraphicsImageRendererFormat
/// UIKit's name for DragDropGTK's `GraphicsImageRendererContext`.
public typealias UIGraphicsImageRendererContext = GraphicsImageRendererContext

// swift-format-ignore: AlwaysUseLowerCamelCase
/// The context of the drawing under way (an image renderer's block, say), as UIKit's
/// function of that name: ``CGContext/current``.
@MainActor public func UIGraphicsGetCurrentContext() -> CGContext? { CGContext.current }
