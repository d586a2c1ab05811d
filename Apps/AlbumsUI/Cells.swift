import AlbumsLibrary
import DragDrop
import DragDropLists

/// An image drawn to fill its bounds, cropped to keep its aspect ratio, with rounded
/// corners: a photo's thumbnail.
@MainActor
final class ThumbnailView: View {
  var image: Image?
  var emptyColor = AlbumsTheme.light.placeholder

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    clipsToBounds = true
    isUserInteractionEnabled = false
    // Scaling a photo down is the costliest part of a frame: each thumbnail is drawn once
    // into a bitmap, which frames reuse while it stays the same.
    shouldRasterize = true
  }

  override func draw(in context: any GraphicsContext) {
    guard let image, image.pixelWidth > 0, image.pixelHeight > 0 else {
      context.fill(Path(bounds), color: emptyColor)
      return
    }
    let scale = max(bounds.width / Double(image.pixelWidth), bounds.height / Double(image.pixelHeight))
    let size = Size(width: Double(image.pixelWidth) * scale, height: Double(image.pixelHeight) * scale)
    context.drawImage(
      image,
      in: Rect(
        origin: Point(x: bounds.midX - size.width / 2, y: bounds.midY - size.height / 2), size: size))
  }
}

/// A row of the albums list: the album's cover, its name and how many photos it holds.
@MainActor
final class AlbumRowCell: TableViewCell {
  let cover = ThumbnailView()
  let count = Label()
  var theme = AlbumsTheme.light {
    didSet { applyTheme() }
  }

  override init(style: TableViewCell.CellStyle, reuseIdentifier: String?) {
    super.init(style: style, reuseIdentifier: reuseIdentifier)
    cover.cornerRadius = 6
    addSubview(cover)
    count.font = .systemFont(ofSize: 13)
    count.textAlignment = .right
    count.isUserInteractionEnabled = false
    addSubview(count)
    textLabel?.font = .systemFont(ofSize: 15)
    applyTheme()
  }

  private func applyTheme() {
    textLabel?.textColor = theme.text
    count.textColor = theme.secondaryText
    cover.emptyColor = theme.placeholder
    updateBackground()
  }

  /// The photo the cover shows.
  var coverID: Int64?

  func configure(name: String, count photoCount: Int, coverID: Int64?, theme: AlbumsTheme) {
    self.theme = theme
    textLabel?.text = name
    count.text = "\(photoCount)"
    self.coverID = coverID
    accessibilityLabel = name
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    cover.frame = Rect(x: 10, y: (bounds.height - 40) / 2, width: 40, height: 40)
    textLabel?.frame = Rect(x: 60, y: 0, width: bounds.width - 110, height: bounds.height)
    count.frame = Rect(x: bounds.width - 50, y: 0, width: 40, height: bounds.height)
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    cover.image = nil
    coverID = nil
  }

  override func dropTargetStateDidChange(_ isDropTarget: Bool) {

  }

  override func dragStateDidChange(_ state: CellDragState) {
    alpha = state == .dragging ? 0.4 : 1
  }

  private func updateBackground() {
    backgroundColor = theme.sidebar
  }

  override func draw(in context: any GraphicsContext) {
    let shape = Path(roundedRect: bounds.insetBy(dx: 4, dy: 2), cornerRadius: 8)
    if isDropTarget || isSelected { context.fill(shape, color: theme.selection) }
    if isDropTarget { context.stroke(shape, color: theme.dropHighlight, lineWidth: 2) }
  }
}

/// A photo in the grid: its thumbnail, and a ring when it is selected.
@MainActor
final class PhotoGridCell: CollectionViewCell {
  let thumbnail = ThumbnailView()
  var theme = AlbumsTheme.light
  /// The photo the cell shows: nil for one committed and not recorded yet.
  var photoID: Int64?
  /// The name of the photo's file.
  var fileName: String?

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    thumbnail.cornerRadius = 8
    contentView.addSubview(thumbnail)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    thumbnail.frame = contentView.bounds
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    thumbnail.image = nil
    photoID = nil
    fileName = nil
  }

  override func dragStateDidChange(_ state: CellDragState) {
    alpha = state == .dragging ? 0.35 : 1
  }

  override func draw(in context: any GraphicsContext) {
    guard isSelected || dragState == .lifting else { return }
    context.stroke(
      Path(roundedRect: bounds.insetBy(dx: -3, dy: -3), cornerRadius: 10), color: theme.accent, lineWidth: 3)
  }
}

/// A photo on its way in from another application: a placeholder with its progress.
@MainActor
final class ImportingCell: CollectionViewCell {
  let title = Label()
  var progress = 0.0
  var theme = AlbumsTheme.light {
    didSet {
      contentView.backgroundColor = theme.placeholder
      title.textColor = theme.secondaryText
    }
  }

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    contentView.cornerRadius = 8
    contentView.backgroundColor = theme.placeholder
    title.font = .systemFont(ofSize: 12)
    title.textAlignment = .center
    title.textColor = theme.secondaryText
    title.isUserInteractionEnabled = false
    contentView.addSubview(title)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    title.frame = Rect(x: 4, y: bounds.height / 2 - 20, width: bounds.width - 8, height: 18)
  }

  override func draw(in context: any GraphicsContext) {
    let bar = Rect(x: 14, y: bounds.height / 2 + 6, width: bounds.width - 28, height: 6)
    context.fill(Path(roundedRect: bar, cornerRadius: 3), color: theme.separator)
    guard progress > 0 else { return }
    var filled = bar
    filled.size.width = max(bar.height, bar.width * min(1, progress))
    context.fill(Path(roundedRect: filled, cornerRadius: 3), color: theme.accent)
  }

  override var snapshotDescription: String {
    super.snapshotDescription + " importing=\(Int((progress * 100).rounded(.down)))%"
  }
}

/// The "New Album" target under the albums list: photos dropped on it make an album.
@MainActor
final class NewAlbumView: View {
  let title = Label(text: "＋ New Album")
  var theme = AlbumsTheme.light
  var isTargeted = false

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    accessibilityLabel = "New Album"
    title.font = .systemFont(ofSize: 14)
    title.textAlignment = .center
    title.isUserInteractionEnabled = false
    addSubview(title)
  }

  override func layoutSubviews() {
    title.frame = bounds
  }

  override func draw(in context: any GraphicsContext) {
    title.textColor = isTargeted ? theme.accent : theme.secondaryText
    let shape = Path(roundedRect: bounds.insetBy(dx: 1, dy: 1), cornerRadius: 10)
    if isTargeted { context.fill(shape, color: theme.selection) }
    context.stroke(shape, color: isTargeted ? theme.dropHighlight : theme.separator, lineWidth: isTargeted ? 2 : 1)
  }
}
