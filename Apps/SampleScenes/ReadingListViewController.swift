// swift-format-ignore-file
// Scene 006: a view controller written for iOS, as an iOS developer writes one with
// UIKit, and unchanged but for its import: a reading list in a collection view whose
// books reorder by drag, take titles dropped from other applications, drag out as text,
// and go in the bin after an alert. A button sorts them.

import DragDropUIKit

/// The reading list: UIKit code, run as it is.
public final class ReadingListViewController: UIViewController {
    public private(set) var books = ["Dune", "Emma", "Ulysses", "Beloved", "Kokoro", "Snow Country"]
    /// Told after each change of the list.
    public var onChange: (() -> Void)?

    public private(set) var collectionView: UICollectionView!
    public let sortButton = UIButton(type: .system)
    public let binView = UIView()
    private let binLabel = UILabel()

    public override func viewDidLoad() {
        super.viewDidLoad()
        title = "Reading List"
        view.backgroundColor = .systemGroupedBackground

        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 150, height: 64)
        layout.minimumInteritemSpacing = 12
        layout.minimumLineSpacing = 12
        layout.sectionInset = UIEdgeInsets(top: 16, left: 16, bottom: 16, right: 16)
        collectionView = UICollectionView(frame: CGRect(x: 0, y: 56, width: view.bounds.width, height: view.bounds.height - 176), collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.backgroundColor = .clear
        collectionView.register(BookCell.self, forCellWithReuseIdentifier: "Book")
        collectionView.register(BookCell.self, forCellWithReuseIdentifier: "Arriving")
        collectionView.dataSource = self
        collectionView.dragDelegate = self
        collectionView.dropDelegate = self
        collectionView.dragInteractionEnabled = true
        collectionView.accessibilityLabel = "Books"
        view.addSubview(collectionView)

        sortButton.setTitle("Sort A–Z", for: .normal)
        sortButton.frame = CGRect(x: 16, y: 10, width: 120, height: 36)
        sortButton.addAction(UIAction { [weak self] _ in self?.sortBooks() }, for: .touchUpInside)
        view.addSubview(sortButton)

        binView.frame = CGRect(x: 16, y: view.bounds.height - 104, width: view.bounds.width - 32, height: 88)
        binView.autoresizingMask = [.flexibleWidth, .flexibleTopMargin]
        binView.backgroundColor = .white
        binView.layer.cornerRadius = 12
        binView.layer.borderWidth = 1
        binView.layer.borderColor = UIColor.systemGray4.cgColor
        binView.addInteraction(UIDropInteraction(delegate: self))
        binView.accessibilityLabel = "Bin"
        binLabel.text = "Drop a book here to remove it"
        binLabel.textColor = .secondaryLabel
        binLabel.textAlignment = .center
        binLabel.frame = binView.bounds
        binLabel.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        binView.addSubview(binLabel)
        view.addSubview(binView)
    }

    func sortBooks() {
        books.sort()
        collectionView.reloadData()
        onChange?()
    }

    func remove(_ title: String) {
        let alert = UIAlertController(title: "Remove “\(title)”?", message: "It leaves the reading list.", preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
        alert.addAction(UIAlertAction(title: "Remove", style: .destructive) { _ in
            guard let index = self.books.firstIndex(of: title) else { return }
            self.collectionView.performBatchUpdates({
                self.books.remove(at: index)
                self.collectionView.deleteItems(at: [IndexPath(item: index, section: 0)])
            })
            self.onChange?()
        })
        present(alert, animated: true)
    }
}

final class BookCell: UICollectionViewCell {
    let titleLabel = UILabel()

    override init(frame: CGRect) {
        super.init(frame: frame)
        contentView.backgroundColor = .white
        contentView.layer.cornerRadius = 10
        contentView.layer.shadowOpacity = 0.15
        contentView.layer.shadowRadius = 3
        contentView.layer.shadowOffset = CGSize(width: 0, height: 1)
        titleLabel.frame = contentView.bounds.insetBy(dx: 12, dy: 0)
        titleLabel.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        titleLabel.font = UIFont.preferredFont(forTextStyle: .headline)
        contentView.addSubview(titleLabel)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        titleLabel.textColor = .label
    }
}

extension ReadingListViewController: UICollectionViewDataSource {
    public func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return books.count
    }

    public func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Book", for: indexPath) as! BookCell
        cell.titleLabel.text = books[indexPath.item]
        cell.accessibilityLabel = books[indexPath.item]
        return cell
    }
}

extension ReadingListViewController: UICollectionViewDragDelegate {
    public func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
        let title = books[indexPath.item]
        let item = UIDragItem(itemProvider: NSItemProvider(object: title as NSString))
        item.localObject = title
        return [item]
    }
}

extension ReadingListViewController: UICollectionViewDropDelegate {
    public func collectionView(_ collectionView: UICollectionView, canHandle session: UIDropSession) -> Bool {
        return session.canLoadObjects(ofClass: NSString.self)
    }

    public func collectionView(_ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession, withDestinationIndexPath destinationIndexPath: IndexPath?) -> UICollectionViewDropProposal {
        if session.localDragSession != nil {
            return UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
        }
        return UICollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    }

    public func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator) {
        let destination = coordinator.destinationIndexPath ?? IndexPath(item: books.count, section: 0)
        if coordinator.proposal.operation == .move, let item = coordinator.items.first, let source = item.sourceIndexPath {
            let target = IndexPath(item: min(destination.item, books.count - 1), section: 0)
            collectionView.performBatchUpdates({
                let title = self.books.remove(at: source.item)
                self.books.insert(title, at: target.item)
                collectionView.deleteItems(at: [source])
                collectionView.insertItems(at: [target])
            })
            coordinator.drop(item.dragItem, toItemAt: target)
            onChange?()
            return
        }
        for item in coordinator.items {
            let placeholder = UICollectionViewDropPlaceholder(insertionIndexPath: destination, reuseIdentifier: "Arriving")
            placeholder.cellUpdateHandler = { cell in
                guard let cell = cell as? BookCell else { return }
                cell.titleLabel.text = "Arriving…"
                cell.titleLabel.textColor = .secondaryLabel
            }
            let context = coordinator.drop(item.dragItem, to: placeholder)
            item.dragItem.itemProvider.loadObject(ofClass: NSString.self) { object, _ in
                let title = object as? String
                DispatchQueue.main.async {
                    guard let title = title, !title.isEmpty else {
                        context.deletePlaceholder()
                        return
                    }
                    context.commitInsertion(dataSourceUpdates: { indexPath in
                        self.books.insert(title, at: indexPath.item)
                    })
                    self.onChange?()
                }
            }
        }
    }
}

extension ReadingListViewController: UIDropInteractionDelegate {
    public func dropInteraction(_ interaction: UIDropInteraction, canHandle session: UIDropSession) -> Bool {
        return session.localDragSession != nil
    }

    public func dropInteraction(_ interaction: UIDropInteraction, sessionDidEnter session: UIDropSession) {
        binView.layer.borderColor = UIColor.systemRed.cgColor
        binView.layer.borderWidth = 2
    }

    public func dropInteraction(_ interaction: UIDropInteraction, sessionDidExit session: UIDropSession) {
        binView.layer.borderColor = UIColor.systemGray4.cgColor
        binView.layer.borderWidth = 1
    }

    public func dropInteraction(_ interaction: UIDropInteraction, sessionDidUpdate session: UIDropSession) -> UIDropProposal {
        return UIDropProposal(operation: .copy)
    }

    public func dropInteraction(_ interaction: UIDropInteraction, performDrop session: UIDropSession) {
        binView.layer.borderColor = UIColor.systemGray4.cgColor
        binView.layer.borderWidth = 1
        if let title = session.items.first?.localObject as? String {
            remove(title)
        }
    }
}
