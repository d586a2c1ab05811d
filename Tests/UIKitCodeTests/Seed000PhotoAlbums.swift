// swift-format-ignore-file
// Seed 000, the WWDC 2017 session on drag and drop in collection and table views: the
// article's samples as the session shows them, verbatim but for the import, assembled into
// the two view controllers of its photo-album app. Where the article's code does not
// compile on iOS either, the line is changed and marked: two typos (`imaeg`,
// `toPlaceholerInsertedAt`) and a table's drop written in a collection view's method. The
// placeholder API the session showed, which a later SDK renamed, exists in both spellings.
// The fragment with `/* insert the placeholder for this item */` is the session's sketch of
// the last sample, which is here whole. The model and cells, which the article leaves out, are written as an iOS
// developer would.

import DragDropUIKit

struct Seed000Photo {
    let image: UIImage
}

class Seed000PhotoViewController: UIViewController, UICollectionViewDataSource, UICollectionViewDragDelegate, UICollectionViewDropDelegate {
    var collectionView: UICollectionView!
    var imagesArray: [UIImage] = []
    var imageArray: [UIImage] { get { imagesArray } set { imagesArray = newValue } }
    var placeholderDrops = true

    func photo(at indexPath: IndexPath) -> Seed000Photo {
        return Seed000Photo(image: imagesArray[indexPath.item])
    }

    func insertImage(_ image: UIImage, at index: Int) {
        imagesArray.insert(image, at: index)
    }

    func insertImages(_ images: [NSItemProviderReading], at indexPath: IndexPath) {
        imagesArray.insert(contentsOf: images.compactMap { $0 as? UIImage }, at: indexPath.item)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        let layout = UICollectionViewFlowLayout()
        layout.itemSize = CGSize(width: 100, height: 100)
        collectionView = UICollectionView(frame: view.bounds, collectionViewLayout: layout)
        collectionView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "Photo")
        collectionView.register(UICollectionViewCell.self, forCellWithReuseIdentifier: "PlaceholderCell")
        collectionView.dataSource = self
        collectionView.dragDelegate = self
        collectionView.dropDelegate = self
        collectionView.dragInteractionEnabled = true
        collectionView.reorderingCadence = .fast
        collectionView.isSpringLoaded = true
        view.addSubview(collectionView)
    }

    func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        return imagesArray.count
    }

    func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "Photo", for: indexPath)
        let imageView = UIImageView(image: imagesArray[indexPath.item])
        imageView.frame = cell.contentView.bounds
        cell.contentView.subviews.forEach { $0.removeFromSuperview() }
        cell.contentView.addSubview(imageView)
        return cell
    }

    // The session's drag source.
    func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
        let photo = self.photo(at: indexPath)
        let itemProvider = NSItemProvider(object: photo.image) // 自作オブジェクトを扱う時は渡せるか確認
        let dragItem = UIDragItem(itemProvider: itemProvider)
        return [dragItem]
    }

    func collectionView(_ collectionView: UICollectionView, itemsForAddingTo session: UIDragSession, at indexPath: IndexPath, point: CGPoint) -> [UIDragItem] {
        let photo = self.photo(at: indexPath)
        let itemProvider = NSItemProvider(object: photo.image)
        let dragItem = UIDragItem(itemProvider: itemProvider)
        return [dragItem]
    }

    func collectionView(_ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession, withDestinationIndexPath destinationIndexPath: IndexPath?) -> UICollectionViewDropProposal {
        // ドラッグ元が自分のアプリかどうかを判断
        // 新しいアイテムの挿入なのでinsertAtDestinationIndexPathを使用
        if session.localDragSession != nil {
            return UICollectionViewDropProposal(operation: .move, intent: .insertAtDestinationIndexPath)
        } else {
            return UICollectionViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
        }
    }

    func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator) {
        if placeholderDrops {
            performPlaceholderDrop(collectionView, coordinator)
        } else {
            performBasicDrop(collectionView, coordinator)
        }
    }

    // The basic drop: the images load, then go in at once.
    func performBasicDrop(_ collectionView: UICollectionView, _ coordinator: UICollectionViewDropCoordinator) {
        // ドロップした位置からindex pathが算出される
        // 空のcollection view, table viewだった場合はnilが返るので先頭に追加
        let destinationIndexPath = coordinator.destinationIndexPath ?? IndexPath(item: 0, section: 0)

        // クラスを指定して読み込み
        coordinator.session.loadObjects(ofClass: UIImage.self) { (images) in
            collectionView.performBatchUpdates({
                self.insertImages(images, at: destinationIndexPath)
                collectionView.reloadSections(IndexSet(integer: 0))
            })
        }
    }

    // The drop through placeholders.
    func performPlaceholderDrop(_ collectionView: UICollectionView, _ coordinator: UICollectionViewDropCoordinator) {
        let destinationIndexPath = coordinator.destinationIndexPath ?? IndexPath(item: 0, section: 0)

        for item in coordinator.items {
            let itemProvider = item.dragItem.itemProvider

            if itemProvider.canLoadObject(ofClass: UIImage.self) {
                let placeholderContext = coordinator.drop(item.dragItem, toPlaceholderInsertedAt: destinationIndexPath, withReuseIdentifier: "PlaceholderCell") { _ in }
                itemProvider.loadObject(ofClass: UIImage.self) {(object, error) in
                    DispatchQueue.main.async {
                        // Changed: the article's `imaeg` is a typo Xcode refuses too.
                        if let image = object as? UIImage {
                            placeholderContext.commitInsertion { insertionIndexPath in
                                self.insertImage(image, at: insertionIndexPath.item)
                            }
                        } else {
                            placeholderContext.deletePlaceholder()
                        }
                    }
                }

            }
        }
        coordinator.session.progressIndicatorStyle = .none
    }
}

/// "Drop to an item": a local photo goes in at the destination at once.
final class Seed000DropToItemViewController: Seed000PhotoViewController {
    override func collectionView(_ collectionView: UICollectionView, performDropWith coordinator: UICollectionViewDropCoordinator) {
        guard let destinationIndexPath = coordinator.destinationIndexPath,
              let dragItem = coordinator.items.first?.dragItem,
              let image = dragItem.localObject as? UIImage
        else { return }

        collectionView.performBatchUpdates({
            self.imageArray.insert(image, at: destinationIndexPath.item)
            collectionView.insertItems(at: [destinationIndexPath])
        })

        coordinator.drop(dragItem, toItemAt: destinationIndexPath)
    }

    override func collectionView(_ collectionView: UICollectionView, itemsForBeginning session: UIDragSession, at indexPath: IndexPath) -> [UIDragItem] {
        let items = super.collectionView(collectionView, itemsForBeginning: session, at: indexPath)
        items.first?.localObject = photo(at: indexPath).image
        return items
    }

    override func collectionView(_ collectionView: UICollectionView, dropSessionDidUpdate session: UIDropSession, withDestinationIndexPath destinationIndexPath: IndexPath?) -> UICollectionViewDropProposal {
        return UICollectionViewDropProposal(dropOperation: .copy, intent: .insertAtDestinationIndexPath)
    }
}

/// "Drop into an item/row": the album table takes a photo into an album's row.
final class Seed000AlbumsViewController: UIViewController, UITableViewDataSource, UITableViewDropDelegate {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 320, height: 400), style: .plain)
    var albumsArray = ["Trips", "Family", "Cats"]
    var albumPhotos: [String: [UIImage]] = [:]

    func add(image: UIImage, toAlbumAt index: Int) {
        albumPhotos[albumsArray[index], default: []].append(image)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Album")
        tableView.dataSource = self
        tableView.dropDelegate = self
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return albumsArray.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = UITableViewCell(style: .default, reuseIdentifier: "Album")
        cell.textLabel?.text = albumsArray[indexPath.row]
        cell.imageView?.image = UIImage(data: Seed000Images.png(2, 2))
        return cell
    }

    func tableView(_ tableView: UITableView, dropSessionDidUpdate session: UIDropSession, withDestinationIndexPath destinationIndexPath: IndexPath?) -> UITableViewDropProposal {
        return UITableViewDropProposal(operation: .copy, intent: .insertIntoDestinationIndexPath)
    }

    // Changed: the article writes this table's drop in `collectionView(_:performDropWith:)`,
    // whose coordinator has no `drop(_:intoRowAt:rect:)`; it is the table's method.
    func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {
        // 最初の部分はさっきのコードと同じ
        guard let destinationIndexPath = coordinator.destinationIndexPath,
              let dragItem = coordinator.items.first?.dragItem,
              let image = dragItem.localObject as? UIImage
        else { return }

        let photoAlbumIndex = destinationIndexPath.row
        // destinationIndexPathが実際のrowと一致しているかチェック
        guard photoAlbumIndex < self.albumsArray.count else { return }
        self.add(image: image, toAlbumAt: photoAlbumIndex)

        // アニメーションに関わる部分
        if let cell = tableView.cellForRow(at: destinationIndexPath), let view = cell.imageView {
            let rect = cell.convert(view.bounds, from: view)
            coordinator.drop(dragItem, intoRowAt: destinationIndexPath, rect: rect)
        }
    }
}

/// The session's first placeholder sample, on a table: each dropped item gets a placeholder
/// row, which the sample leaves for later code to fill.
final class Seed000PlaceholderTableViewController: UIViewController, UITableViewDataSource, UITableViewDropDelegate {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 340, height: 480), style: .plain)
    var rows = ["Trips", "Family"]

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Row")
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "PlaceholderCell")
        tableView.dataSource = self
        tableView.dropDelegate = self
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return rows.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
        cell.textLabel?.text = rows[indexPath.row]
        return cell
    }

    func tableView(_ tableView: UITableView, dropSessionDidUpdate session: UIDropSession, withDestinationIndexPath destinationIndexPath: IndexPath?) -> UITableViewDropProposal {
        return UITableViewDropProposal(operation: .copy, intent: .insertAtDestinationIndexPath)
    }

    func tableView(_ tableView: UITableView, performDropWith coordinator: UITableViewDropCoordinator) {
        guard let destinationIndexPath = coordinator.destinationIndexPath else { return }

        for item in coordinator.items {
            // Changed: the article's `toPlaceholerInsertedAt` is a typo Xcode refuses too.
            coordinator.drop(item.dragItem, toPlaceholderInsertedAt: destinationIndexPath, withReuseIdentifier: "PlaceholderCell") { cell in
                // Configuer the placeholder cell
            }
        }
    }
}

enum Seed000Images {
    static func png(_ width: UInt32, _ height: UInt32) -> Data { TestImages.png(width: width, height: height) }
}

// MARK: - The session's demos

@_spi(Platform) import DragDrop
import DragDropHarness
import TestSupport
import Testing

@MainActor
@Suite("Seed 000: the photo-album app of the WWDC 2017 session")
struct Seed000PhotoAlbumsTests {
  let test = TestWindow(size: CGSize(width: 340, height: 480))
  let platform = FakePlatform()

  func show<Controller: UIViewController>(_ controller: Controller) -> Controller {
    test.window.rootViewController = controller
    test.settle()
    return controller
  }

  func photos(_ widths: [UInt32]) throws -> [UIImage] {
    widths.map { UIImage(data: TestImages.png(width: $0, height: 1))! }
  }

  func center(_ controller: Seed000PhotoViewController, item: Int) -> CGPoint {
    let frame = controller.collectionView.frameForItem(at: IndexPath(item: item, section: 0))!
    return controller.collectionView.convert(CGPoint(x: frame.midX, y: frame.midY), to: test.window)
  }

  @Test("A photo drags out as its image, and a second finger's tap adds another")
  func dragOutAndAdd() async throws {
    let controller = Seed000PhotoViewController()
    controller.imagesArray = try photos([1, 2, 3])
    _ = show(controller)
    test.longPress(at: center(controller, item: 0))
    test.move(to: CGPoint(x: 300, y: 400))
    test.tap(at: center(controller, item: 2))
    let session = try #require(test.window.dragController.activeSessions.first)
    #expect(session.items.count == 2)
    var widths: [Int] = []
    for item in session.items {
      widths.append(try await item.itemProvider.loadObject(ofClass: UIImage.self).pixelWidth)
    }
    #expect(widths == [1, 3])
    test.cancelTouch()
    test.settle()
  }

  @Test("Photos from another app wait in placeholders, then become photos where they were dropped")
  func placeholdersFromAnotherApp() async throws {
    let controller = Seed000PhotoViewController()
    controller.imagesArray = try photos([1, 2])
    _ = show(controller)
    let library = platform.application(named: "photos")
    library.holdsTransfers = true
    let incoming = library.drag(
      [library.item([(.png, TestImages.png(width: 7, height: 1))]), library.item([(.png, TestImages.png(width: 8, height: 1))])],
      into: test.window, at: CGPoint(x: center(controller, item: 1).x + 30, y: center(controller, item: 1).y))
    #expect(incoming.proposal.operation == .copy)
    #expect(incoming.drop() == .copy)
    test.settle()
    #expect(controller.collectionView.hasUncommittedUpdates)
    #expect(controller.collectionView.visibleCells.count == 4)
    #expect(incoming.session.progressIndicatorStyle == .none)
    #expect(await eventually { library.pendingTransferCount == 2 })
    library.deliverPendingTransfers()
    await test.settleTransfers()
    #expect(controller.imagesArray.map(\.pixelWidth) == [1, 2, 7, 8])
    #expect(!controller.collectionView.hasUncommittedUpdates)
  }

  @Test("The basic drop loads the images, then inserts them and reloads the section")
  func basicDrop() async throws {
    let controller = Seed000PhotoViewController()
    controller.placeholderDrops = false
    controller.imagesArray = try photos([1, 2])
    _ = show(controller)
    let library = platform.application(named: "photos")
    let incoming = library.drag(
      [library.item([(.png, TestImages.png(width: 9, height: 1))])], into: test.window,
      at: CGPoint(x: center(controller, item: 0).x - 30, y: center(controller, item: 0).y))
    #expect(incoming.drop() == .copy)
    await test.settleTransfers()
    #expect(controller.imagesArray.map(\.pixelWidth) == [9, 1, 2])
    #expect(controller.collectionView.visibleCells.count == 3)
  }

  @Test("The table's placeholder sample: each dropped item holds a placeholder row, without the data source")
  func tablePlaceholders() {
    let controller = Seed000PlaceholderTableViewController()
    _ = show(controller)
    let notes = platform.application(named: "notes")
    let rect = controller.tableView.rectForRow(at: IndexPath(row: 1, section: 0))!
    let incoming = notes.drag(
      [notes.item([(.utf8PlainText, Data("a".utf8))]), notes.item([(.utf8PlainText, Data("b".utf8))])],
      into: test.window, at: controller.tableView.convert(CGPoint(x: rect.midX, y: rect.minY + 5), to: test.window))
    #expect(incoming.drop() == .copy)
    test.settle()
    #expect(controller.rows == ["Trips", "Family"])
    #expect(controller.tableView.hasUncommittedUpdates)
    #expect(controller.tableView.visibleCells.map { $0.textLabel?.text } == ["Trips", nil, nil, "Family"])
    #expect(controller.tableView.rectForRow(at: IndexPath(row: 1, section: 0))?.minY == CGFloat(44 * 3))
  }

  @Test("Drop to an item: a local photo is copied in at the destination, and its preview lands in the new cell")
  func dropToItem() throws {
    let controller = Seed000DropToItemViewController()
    controller.imagesArray = try photos([1, 2, 3])
    _ = show(controller)
    test.longPress(at: center(controller, item: 0))
    test.move(to: CGPoint(x: center(controller, item: 2).x + 30, y: center(controller, item: 2).y))
    let session = try #require(test.window.dragController.activeSessions.first)
    test.release()
    let ending = try #require(test.window.dragController.endingPreviews(of: session).first ?? nil)
    #expect(ending.target.container === controller.collectionView)
    test.settle()
    #expect(controller.imagesArray.map(\.pixelWidth) == [1, 2, 3, 1])
    #expect(ending.target.center == controller.collectionView.frameForItem(at: IndexPath(item: 3, section: 0))!.center)
  }

  @Test("Drop into a row: the album takes the photo, and the preview shrinks into the row's image")
  func dropIntoRow() throws {
    let albums = Seed000AlbumsViewController()
    let photosController = Seed000DropToItemViewController()
    photosController.imagesArray = try photos([4])
    let container = UIViewController()
    container.loadViewIfNeeded()
    container.addChild(albums)
    albums.view.frame = CGRect(x: 0, y: 0, width: 170, height: 480)
    container.view.addSubview(albums.view)
    albums.didMove(toParent: container)
    container.addChild(photosController)
    photosController.view.frame = CGRect(x: 170, y: 0, width: 170, height: 480)
    container.view.addSubview(photosController.view)
    photosController.didMove(toParent: container)
    _ = show(container)
    test.longPress(at: center(photosController, item: 0))
    let row = albums.tableView.rectForRow(at: IndexPath(row: 1, section: 0))!
    test.move(to: albums.tableView.convert(CGPoint(x: row.midX, y: row.midY), to: test.window))
    let session = try #require(test.window.dragController.activeSessions.first)
    test.release()
    let ending = try #require(test.window.dragController.endingPreviews(of: session).first ?? nil)
    test.settle()
    #expect(albums.albumPhotos["Family"]?.map(\.pixelWidth) == [4])
    let cell = try #require(albums.tableView.cellForRow(at: IndexPath(row: 1, section: 0)))
    let imageView = try #require(cell.imageView)
    // The preview lands on the centre of the row's image view.
    #expect(ending.target.centerInWindow == imageView.convert(CGPoint(x: imageView.bounds.midX, y: imageView.bounds.midY), to: test.window))
  }
}
