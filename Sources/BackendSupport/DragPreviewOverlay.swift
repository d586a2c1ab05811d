@_spi(Platform) import DragDrop

/// Draws the previews of a window's live drags above its view tree.
///
/// While a session lifts and moves, each item's drag preview follows the drag's location,
/// keeping the offset between the drag and the lift preview's centre as it was when the
/// overlay first drew the session (a window draws the frame after the lift, so that is where
/// the preview was grabbed); later items sit behind the first in the session's
/// ``DragPreviewFormation`` (a stack unless the source or the target says otherwise). When the session ends, previews with a target glide to it
/// over the controller's drop animation duration; the others stay where the drag ended
/// until the session is over.
///
/// A ``GTKWindow`` keeps one and draws it every frame; give one to
/// ``HeadlessRenderer/render(_:size:scale:background:text:dragPreviews:)`` to draw the
/// same previews offscreen. It remembers each session between frames, so keep using the
/// same overlay for a window.
@MainActor
public final class DragPreviewOverlay {
  private struct Track {
    /// From the drag's location to where the first preview is drawn.
    package var offset: Point
    package var lastLocation: Point
    /// When the session's ending previews first appeared, and where the drag was then.
    package var endingStart: (time: Double, location: Point)?
  }

  private var tracks: [ObjectIdentifier: Track] = [:]

  /// An overlay with no previews.
  public init() {}

  /// Draws every live session's previews of `window` at time `now` of its clock; returns
  /// whether any session is live, so that the caller keeps frames coming.
  @discardableResult
  public func draw(in context: any GraphicsContext, window: Window, now: Double) -> Bool {
    let controller = window.dragController
    let sessions = controller.activeSessions
    let live = Set(sessions.map(ObjectIdentifier.init))
    tracks = tracks.filter { live.contains($0.key) }
    for session in sessions {
      let key = ObjectIdentifier(session)
      let location = session.locationInWindow
      var track =
        tracks[key]
        ?? Track(
          offset: Self.liftOffset(controller.liftPreviews(of: session), location: location), lastLocation: location)
      let endings = controller.endingPreviews(of: session)
      if endings.contains(where: { $0 != nil }), track.endingStart == nil {
        track.endingStart = (now, track.lastLocation)
      }
      if track.endingStart == nil { track.lastLocation = location }
      tracks[key] = track

      // A drag the platform carried elsewhere shows there, not here.
      if track.endingStart == nil && controller.isOutsideWindow(session) { continue }
      let moving = controller.dragPreviews(of: session)
      let lifting = controller.liftPreviews(of: session)
      // Where each later item sits from the first: the formation the target under the drag
      // asks for, or the session's.
      let formation = controller.previewFormation(of: session)
      let sizes = session.items.indices.map { index -> Size in
        let view =
          (index < moving.count ? moving[index]?.view : nil) ?? (index < lifting.count ? lifting[index]?.view : nil)
        return view?.bounds.size ?? .zero
      }
      let lifted = lifting.map { $0?.target.centerInWindow }
      for index in session.items.indices.reversed() {
        let (stack, angle) = formation.placement(of: index, sizes: sizes, lifted: lifted)
        let here = track.lastLocation + track.offset + stack
        if let ending = index < endings.count ? endings[index] : nil, let start = track.endingStart {
          let duration = max(0.001, controller.dropAnimationDuration)
          let progress = min(1, max(0, (now - start.time) / duration))
          let eased = 1 - (1 - progress) * (1 - progress)
          let from = start.location + track.offset + stack
          let to = ending.target.centerInWindow
          let center = Point(x: from.x + (to.x - from.x) * eased, y: from.y + (to.y - from.y) * eased)
          draw(ending.view, parameters: ending.parameters, at: center, angle: angle * (1 - eased), in: context)
        } else if let preview = index < moving.count ? moving[index] : nil {
          draw(preview.view, parameters: preview.parameters, at: here, angle: angle, in: context)
          if index == 0 { drawBadge(controller.badge(of: session), on: preview.view, at: here, in: context) }
        } else if let lift = index < lifting.count ? lifting[index] : nil {
          draw(lift.view, parameters: lift.parameters, at: here, angle: angle, in: context)
          if index == 0 { drawBadge(controller.badge(of: session), on: lift.view, at: here, in: context) }
        }
      }
    }
    return !sessions.isEmpty
  }

  /// The badge of rule 40 at the top-right corner of the preview of `view` centred at `center`.
  private func drawBadge(_ badge: DragBadge, on view: View, at center: Point, in context: any GraphicsContext) {
    guard badge != DragBadge() else { return }
    let size = view.bounds.size
    DragBadgeDrawing.draw(
      badge, at: Point(x: center.x + size.width / 2 - 4, y: center.y - size.height / 2 + 4), in: context,
      textMeasurer: view.window?.environment.textMeasurer ?? ApproximateTextMeasurer())
  }

  /// The offset from the drag's location to the first lift preview's centre.
  private static func liftOffset(_ previews: [TargetedDragPreview?], location: Point) -> Point {
    guard let first = previews.first ?? nil else { return .zero }
    let center = first.target.centerInWindow
    return center - location
  }

  /// Draws `view` (and its subviews) with its centre at `center` in window coordinates,
  /// opaque and visible whatever its own alpha: a preview shows the view as it was lifted,
  /// not faded in its place, on a card with a shadow.
  private func draw(
    _ view: View, parameters: DragPreviewParameters, at center: Point, angle: Double = 0,
    in context: any GraphicsContext
  ) {
    let alpha = view.alpha
    let hidden = view.isHidden
    view.alpha = 1
    view.isHidden = false
    defer {
      view.alpha = alpha
      view.isHidden = hidden
    }
    // The view's own space to the window, with its centre at `center`.
    let placement = CGAffineTransform(translationX: -view.bounds.midX, y: -view.bounds.midY)
      .concatenating(view.transform)
      .concatenating(CGAffineTransform(rotationAngle: angle))
      .concatenating(CGAffineTransform(translationX: center.x, y: center.y))
    context.save()
    context.concatenate(placement)
    let shape =
      parameters.visiblePath?.cgPath
      ?? (view.cornerRadius > 0 ? Path(roundedRect: view.bounds, cornerRadius: view.cornerRadius) : Path(view.bounds))
    // A lifted preview floats: a soft shadow under its shape, and an opaque card (white
    // unless the parameters say otherwise, as on iOS) behind what it shows.
    for (offset, alpha) in [(5.0, 0.06), (2.5, 0.1)] {
      context.fill(
        shape.applying(CGAffineTransform(translationX: 0, y: offset)),
        color: Color(red: 0, green: 0, blue: 0, alpha: alpha))
    }
    context.fill(shape, color: parameters.backgroundColor ?? .white)
    if parameters.visiblePath != nil { context.clip(to: shape) }
    // View.render places the view by its centre in its superview; undo that placement.
    if let inverse = CGAffineTransform(translationX: -view.bounds.midX, y: -view.bounds.midY)
      .concatenating(view.transform)
      .concatenating(CGAffineTransform(translationX: view.center.x, y: view.center.y)).inverse
    {
      context.concatenate(inverse)
      view.render(in: context)
    }
    context.restore()
  }
}
