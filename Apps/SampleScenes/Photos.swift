import DragDrop
import DragDropLists
import Foundation

/// A photo of the sample library: a title and the colours of a small landscape, drawn by
/// ``PhotoView``. It travels between applications as JSON under its own content type.
public struct Photo: ItemProviderCodable, Hashable {
  public static let contentType = ContentType(exportedAs: "org.dragdrop.samples.photo", conformingTo: .json)

  public var title: String
  /// The sky's hue, from 0 to 1.
  public var hue: Double
  /// Which of a few landscapes it shows.
  public var variant: Int

  public init(title: String, hue: Double, variant: Int = 0) {
    self.title = title
    self.hue = hue
    self.variant = variant
  }

  /// The library the photo scene starts with.
  public static let library: [Photo] = [
    "Shiretoko", "Zaō", "Nikkō", "Fuji", "Kamakura", "Hakone", "Kiso", "Kurobe", "Nara", "Kyoto", "Kōya", "Izumo",
    "Miyajima", "Dōgo", "Aso", "Yakushima", "Kerama", "Iriomote",
  ].enumerated().map { index, title in
    Photo(title: title, hue: (Double(index) * 0.137).truncatingRemainder(dividingBy: 1), variant: index % 3)
  }

  /// The photos on the camera, which the photo scene imports slowly.
  public static let camera: [Photo] = ["Dawn", "Harbour", "Snow", "Lanterns", "Maple"].enumerated().map {
    index, title in
    Photo(title: title, hue: 0.05 + Double(index) * 0.19, variant: (index + 1) % 3)
  }
}

extension Color {
  /// A colour from hue, saturation and brightness, each from 0 to 1.
  public static func hsb(_ hue: Double, _ saturation: Double, _ brightness: Double, alpha: Double = 1) -> Color {
    let h = (hue - hue.rounded(.down)) * 6
    let sector = Int(h) % 6
    let f = h - Double(Int(h))
    let p = brightness * (1 - saturation)
    let q = brightness * (1 - saturation * f)
    let t = brightness * (1 - saturation * (1 - f))
    let (r, g, b): (Double, Double, Double) =
      switch sector {
      case 0: (brightness, t, p)
      case 1: (q, brightness, p)
      case 2: (p, brightness, t)
      case 3: (p, q, brightness)
      case 4: (t, p, brightness)
      default: (brightness, p, q)
      }
    return Color(red: r, green: g, blue: b, alpha: alpha)
  }
}

/// Draws a ``Photo``: a sky in the photo's hue, a sun, two hills, and the title on a band at
/// the bottom. It clips to rounded corners.
@MainActor
public final class PhotoView: View {
  public var photo: Photo? { didSet { isHidden = photo == nil } }
  /// Whether the title band is drawn.
  public var showsTitle = true

  public init(photo: Photo? = nil, frame: Rect = .zero) {
    self.photo = photo
    super.init(frame: frame)
    cornerRadius = 10
    clipsToBounds = true
    isUserInteractionEnabled = false
    isHidden = photo == nil
  }

  public override func draw(in context: any GraphicsContext) {
    guard let photo else { return }
    let w = bounds.width
    let h = bounds.height
    let x = bounds.minX
    let y = bounds.minY
    context.fill(Path(bounds), color: .hsb(photo.hue, 0.35, 0.97))
    context.fill(
      Path(Rect(x: x, y: y + h * 0.45, width: w, height: h * 0.55)), color: .hsb(photo.hue, 0.22, 1))
    let sunX = [0.7, 0.28, 0.55][photo.variant % 3]
    context.fill(
      Path(ellipseIn: Rect(x: x + w * sunX - w * 0.11, y: y + h * 0.16, width: w * 0.22, height: w * 0.22)),
      color: Color(red: 1, green: 0.93, blue: 0.7))
    let far = [0.5, 0.45, 0.58][photo.variant % 3]
    context.fill(
      Path(ellipseIn: Rect(x: x - w * 0.35, y: y + h * far, width: w * 1.1, height: h * 0.9)),
      color: .hsb(photo.hue + 0.25, 0.4, 0.68))
    context.fill(
      Path(ellipseIn: Rect(x: x + w * 0.25, y: y + h * (far + 0.12), width: w * 1.1, height: h * 0.8)),
      color: .hsb(photo.hue + 0.3, 0.5, 0.5))
    guard showsTitle, h >= 60 else { return }
    let band = min(24, h * 0.22)
    context.fill(
      Path(Rect(x: x, y: y + h - band, width: w, height: band)), color: Color(red: 0, green: 0, blue: 0, alpha: 0.35))
    let font = Font.systemFont(ofSize: min(12, band * 0.55))
    let size = environment.textMeasurer.size(of: photo.title, font: font)
    context.drawText(
      photo.title, at: Point(x: x + 8, y: y + h - band + (band - size.height) / 2), font: font, color: .white)
  }

  public override var snapshotDescription: String {
    super.snapshotDescription + (photo.map { " photo=\"\($0.title)\"" } ?? "")
  }
}

/// A photo in the library grid.
@MainActor
final class PhotoCell: CollectionViewCell {
  let photoView = PhotoView()

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    contentView.addSubview(photoView)
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    photoView.frame = contentView.bounds
  }

  /// A lifting photo shows a ring; a dragged one fades to a ghost in its place.
  override func dragStateDidChange(_ state: CellDragState) {
    alpha = state == .dragging ? 0.35 : 1
  }

  override func draw(in context: any GraphicsContext) {
    guard dragState == .lifting else { return }
    context.stroke(
      Path(roundedRect: bounds.insetBy(dx: -2, dy: -2), cornerRadius: 12), color: Palette.accent, lineWidth: 3)
  }
}

/// A thin bar that fills from the left as a load progresses.
@MainActor
final class ProgressBar: View {
  /// From 0 to 1.
  var progress = 0.0

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    isUserInteractionEnabled = false
  }

  override func draw(in context: any GraphicsContext) {
    let radius = bounds.height / 2
    context.fill(Path(roundedRect: bounds, cornerRadius: radius), color: Palette.separator)
    guard progress > 0 else { return }
    var filled = bounds
    filled.size.width = max(bounds.height, bounds.width * min(1, progress))
    context.fill(Path(roundedRect: filled, cornerRadius: radius), color: Palette.accent)
  }
}

/// The cell a photo on its way occupies: a tile with a title, the share loaded and a bar.
@MainActor
final class LoadingPhotoCell: CollectionViewCell {
  let title = Label()
  let percentage = Label()
  let bar = ProgressBar()
  /// From 0 to 1.
  var progress = 0.0 {
    didSet {
      percentage.text = "\(Int((progress * 100).rounded(.down)))%"
      bar.progress = progress
    }
  }

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    contentView.backgroundColor = Palette.placeholder
    contentView.cornerRadius = 10
    for label in [title, percentage] {
      label.textAlignment = .center
      label.isUserInteractionEnabled = false
      contentView.addSubview(label)
    }
    contentView.addSubview(bar)
    title.font = .systemFont(ofSize: 12)
    title.textColor = Palette.secondaryText
    percentage.font = .boldSystemFont(ofSize: 17)
    percentage.textColor = Palette.accent
    progress = 0
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let b = contentView.bounds
    title.frame = Rect(x: 4, y: b.height * 0.18, width: b.width - 8, height: 18)
    percentage.frame = Rect(x: 4, y: b.height * 0.36, width: b.width - 8, height: 24)
    bar.frame = Rect(x: 14, y: b.height * 0.68, width: b.width - 28, height: 8)
  }

  override var snapshotDescription: String {
    super.snapshotDescription + " loading=\(percentage.text ?? "")"
  }
}

/// An album in the list: a cover, a name and a count. It shows an accent ring while a photo
/// hovers to drop into it, and an accent bar while it is open.
@MainActor
final class AlbumCell: CollectionViewCell {
  let cover = PhotoView()
  let emptyCover = View()
  let name = Label()
  let count = Label()

  override init(frame: Rect = .zero) {
    super.init(frame: frame)
    cover.showsTitle = false
    cover.cornerRadius = 8
    emptyCover.backgroundColor = Palette.placeholder
    emptyCover.cornerRadius = 8
    emptyCover.isUserInteractionEnabled = false
    name.font = .boldSystemFont(ofSize: 15)
    name.textColor = Palette.text
    count.font = .systemFont(ofSize: 12)
    count.textColor = Palette.secondaryText
    for view in [emptyCover, cover, name, count] as [View] {
      view.isUserInteractionEnabled = false
      contentView.addSubview(view)
    }
  }

  func configure(name: String, photos: [Photo]) {
    self.name.text = name
    count.text = photos.count == 1 ? "1 photo" : "\(photos.count) photos"
    cover.photo = photos.last
  }

  override func layoutSubviews() {
    super.layoutSubviews()
    let b = contentView.bounds
    let side = b.height - 16
    cover.frame = Rect(x: 14, y: 8, width: side, height: side)
    emptyCover.frame = cover.frame
    name.frame = Rect(x: 26 + side, y: b.height / 2 - 19, width: b.width - side - 36, height: 20)
    count.frame = Rect(x: 26 + side, y: b.height / 2 + 2, width: b.width - side - 36, height: 16)
  }

  override func draw(in context: any GraphicsContext) {
    if isDropTarget {
      context.stroke(
        Path(roundedRect: bounds.insetBy(dx: 3, dy: 3), cornerRadius: 8), color: Palette.accent, lineWidth: 2.5)
    }
    if isSelected {
      context.fill(
        Path(roundedRect: Rect(x: 3, y: 10, width: 4, height: bounds.height - 20), cornerRadius: 2),
        color: Palette.accent)
    }
    context.fill(Path(Rect(x: 14, y: bounds.height - 1, width: bounds.width - 14, height: 1)), color: Palette.separator)
  }
}
