import Foundation
import Logging

private let logger = Logger(label: "DragDrop.Layer")

/// The drawing side of a view, as Core Animation's `CALayer` is for a UIKit view: corner
/// radius, border, shadow, opacity and a mask. Every view has one, ``View/layer``; the
/// properties a view has too (``cornerRadius``, ``masksToBounds``, ``backgroundColor``,
/// ``opacity``, ``isHidden``) are the view's own, under Core Animation's names.
///
/// ```swift
/// card.layer.cornerRadius = 12
/// card.layer.borderWidth = 1
/// card.layer.borderColor = UIColor.lightGray.cgColor
/// card.layer.shadowOpacity = 0.3
/// card.layer.shadowOffset = CGSize(width: 0, height: 2)
/// ```
///
/// How it is drawn, beside Core Animation:
/// - The border is drawn inside the bounds, above the content and the subviews.
/// - The shadow falls behind the view from ``shadowPath``, or from the view's rounded
///   bounds: not from the alpha of what the view draws. As in Core Animation, a view that
///   masks to its bounds casts none. Its blur is drawn in a few translucent steps of the
///   shape.
/// - A mask clips the view to a ``ShapeLayer``'s path. Other masks (a layer's contents)
///   are not supported, and are logged.
/// - Layers do not have sublayers: add views instead.
@MainActor
open class Layer {
  /// The view this layer draws, if it is a view's; held weakly.
  public private(set) weak var delegate: View?
  private var ownFrame = Rect.zero
  private var ownCornerRadius = 0.0
  private var ownMasksToBounds = false
  private var ownBackgroundColor: Color?
  private var ownOpacity: Float = 1
  private var ownHidden = false

  /// A layer of its own, not a view's: a mask, say.
  public init() {}

  init(view: View) {
    delegate = view
  }

  /// The layer's frame in its superlayer: the view's frame for a view's layer.
  public var frame: Rect {
    get { delegate?.frame ?? ownFrame }
    set { if let delegate { delegate.frame = newValue } else { ownFrame = newValue } }
  }

  /// The layer's bounds: the view's for a view's layer.
  public var bounds: Rect {
    get { delegate?.bounds ?? Rect(origin: .zero, size: ownFrame.size) }
    set { if let delegate { delegate.bounds = newValue } else { ownFrame.size = newValue.size } }
  }

  /// The radius of the rounded corners of the background, the border and, with
  /// ``masksToBounds``, the clip.
  public var cornerRadius: CGFloat {
    get { delegate?.cornerRadius ?? ownCornerRadius }
    set { if let delegate { delegate.cornerRadius = newValue } else { ownCornerRadius = newValue } }
  }

  /// Whether the content and subviews are clipped to the rounded bounds: the view's
  /// ``View/clipsToBounds``.
  public var masksToBounds: Bool {
    get { delegate?.clipsToBounds ?? ownMasksToBounds }
    set { if let delegate { delegate.clipsToBounds = newValue } else { ownMasksToBounds = newValue } }
  }

  /// The colour the bounds are filled with: the view's ``View/backgroundColor``.
  public var backgroundColor: CGColor? {
    get { delegate == nil ? ownBackgroundColor : delegate?.backgroundColor }
    set { if let delegate { delegate.backgroundColor = newValue } else { ownBackgroundColor = newValue } }
  }

  /// The opacity, from 0 to 1: the view's ``View/alpha``.
  public var opacity: Float {
    get { delegate.map { Float($0.alpha) } ?? ownOpacity }
    set { if let delegate { delegate.alpha = Double(newValue) } else { ownOpacity = newValue } }
  }

  /// Whether the layer is hidden: the view's ``View/isHidden``.
  public var isHidden: Bool {
    get { delegate?.isHidden ?? ownHidden }
    set { if let delegate { delegate.isHidden = newValue } else { ownHidden = newValue } }
  }

  /// The width of the border drawn inside the bounds; 0 (none) by default.
  public var borderWidth: CGFloat = 0
  /// The border's colour; opaque black by default, as in Core Animation.
  public var borderColor: CGColor? = .black

  /// The shadow's colour; opaque black by default.
  public var shadowColor: CGColor? = .black
  /// The shadow's opacity, from 0 to 1; 0 (no shadow) by default.
  public var shadowOpacity: Float = 0
  /// How far the shadow falls from the view; (0, -3) by default, as in Core Animation.
  public var shadowOffset = CGSize(width: 0, height: -3)
  /// How far the shadow's edge blurs; 3 points by default.
  public var shadowRadius: CGFloat = 3
  /// The shape of the shadow, in the layer's coordinates; nil uses the rounded bounds.
  public var shadowPath: CGPath?

  /// A layer whose shape the view is clipped to: a ``ShapeLayer``'s path, placed at the
  /// mask's frame. Nil, the default, clips nothing.
  public var mask: Layer? {
    didSet {
      if let mask, !(mask is ShapeLayer) {
        logger.warning("Layer.mask: only a ShapeLayer's path can mask a view; the mask is ignored")
      }
    }
  }

  /// Whether drawing the layer needs more than the view's background: a border, a shadow
  /// or a mask.
  var drawsDecorations: Bool {
    borderWidth > 0 || (shadowOpacity > 0 && shadowColor != nil) || mask != nil
  }

  // MARK: Drawing

  /// The rounded bounds.
  func boundsShape(in bounds: Rect) -> Path {
    cornerRadius > 0 ? Path(roundedRect: bounds, cornerRadius: cornerRadius) : Path(bounds)
  }

  /// Draws the shadow behind the view: translucent steps of the shape, growing by the
  /// blur radius, whose alphas add up to the shadow's opacity in the middle.
  func drawShadow(in context: any GraphicsContext, bounds: Rect) {
    guard shadowOpacity > 0, let shadowColor, !masksToBounds else { return }
    let offset = CGAffineTransform(translationX: shadowOffset.width, y: shadowOffset.height)
    let opacity = Double(min(1, shadowOpacity)) * shadowColor.alpha
    let steps = shadowRadius > 0.5 ? min(6, max(2, Int(shadowRadius.rounded(.up)))) : 1
    // Each step covers the ones inside it, so together they reach the full opacity.
    let stepAlpha = 1 - pow(1 - opacity, 1 / Double(steps))
    for step in 0..<steps {
      let grow = steps == 1 ? 0 : Double(shadowRadius) * (Double(step) / Double(steps - 1) - 0.5)
      let shape: Path
      if let shadowPath {
        shape = shadowPath
      } else {
        let rect = bounds.insetBy(dx: -grow, dy: -grow)
        shape =
          cornerRadius + grow > 0 && rect.width > 0 && rect.height > 0
          ? Path(roundedRect: rect, cornerRadius: max(0, cornerRadius + grow)) : Path(rect)
      }
      context.fill(shape.applying(offset), color: shadowColor.withAlpha(stepAlpha))
    }
  }

  /// Clips to the mask's path, if the mask is a shape layer with one.
  func clipToMask(in context: any GraphicsContext) {
    guard let mask = mask as? ShapeLayer, let path = mask.path else { return }
    context.clip(to: path.applying(CGAffineTransform(translationX: mask.frame.minX, y: mask.frame.minY)))
  }

  /// Draws the border inside the bounds, above everything the view draws.
  func drawBorder(in context: any GraphicsContext, bounds: Rect) {
    guard borderWidth > 0, let borderColor, borderColor.alpha > 0 else { return }
    let width = min(borderWidth, bounds.width / 2, bounds.height / 2)
    guard width > 0 else { return }
    let inset = bounds.insetBy(dx: width / 2, dy: width / 2)
    let shape =
      cornerRadius > 0 ? Path(roundedRect: inset, cornerRadius: max(0, cornerRadius - width / 2)) : Path(inset)
    context.stroke(shape, color: borderColor, lineWidth: width)
  }
}

/// A layer that is a path: what masks a view to a shape, as Core Animation's
/// `CAShapeLayer` does (`mask.path = UIBezierPath(roundedRect: …).cgPath`).
@MainActor
open class ShapeLayer: Layer {
  /// The shape, in the layer's coordinates.
  public var path: CGPath?
}

extension Color {
  /// The colour at `alpha` times its own opacity.
  fileprivate func withAlpha(_ alpha: Double) -> Color {
    Color(red: red, green: green, blue: blue, alpha: self.alpha * alpha)
  }
}
