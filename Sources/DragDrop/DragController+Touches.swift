/// The touch and pointer sensor: a touch or a pressed pointer lifts, moves and releases a
/// drag, and a second touch that taps a draggable view adds its items (rule 4).
extension DragController {
  /// Lifts the items of `interaction` for a touch; false when there is nothing to drag.
  func lift(_ interaction: DragInteraction, touch: Touch, origin: Point) -> Bool {
    lift(interaction, driver: LiveDrag.Driver(touch), at: origin) != nil
  }

  /// Takes the touches that carry a drag, and watches second touches that may add items.
  /// Returns true for touches the drag consumed.
  package func intercept(_ touch: Touch) -> Bool {
    if let drag = drags.first(where: { $0.driver.touchID == touch.id && $0.isLive }) {
      return handleDragTouch(touch, drag)
    }
    return watchForAddTap(touch)
  }

  private func handleDragTouch(_ touch: Touch, _ drag: LiveDrag) -> Bool {
    switch (drag.phase, touch.phase) {
    case (.lifting, .moved):
      let start = drag.session.locationInWindow
      guard touch.location.distance(to: start) >= beginThreshold else { return false }
      begin(drag)
      move(drag, to: touch.location, modifiers: touch.modifiers)
      return true
    case (.lifting, .ended), (.lifting, .cancelled):
      // Lifted but never moved: the lift reverses and the drag cancels.
      drag.liftAnimator?.finish(at: .start)
      cancel(drag)
      return false
    case (.dragging, .moved), (.dragging, .stationary):
      move(drag, to: touch.location, modifiers: touch.modifiers)
      return true
    case (.dragging, .ended):
      move(drag, to: touch.location, modifiers: touch.modifiers)
      release(drag)
      return true
    case (.dragging, .cancelled):
      cancel(drag)
      return true
    default:
      return false
    }
  }

  /// A second touch that taps a draggable view during a drag may add items (rule 4).
  private func watchForAddTap(_ touch: Touch) -> Bool {
    switch touch.phase {
    case .began:
      guard drags.contains(where: { $0.phase == .dragging }) else { return false }
      var view = window?.hitTest(touch.location)
      while let current = view {
        if let interaction = current.interactions.compactMap({ $0 as? DragInteraction }).first(where: \.isEnabled) {
          addCandidates[touch.id] = (interaction, touch)
          break
        }
        view = current.superview
      }
      return false
    case .moved:
      if let candidate = addCandidates[touch.id], touch.location.distance(to: candidate.start.location) > 10 {
        addCandidates[touch.id] = nil
      }
      return false
    case .cancelled:
      addCandidates[touch.id] = nil
      return false
    case .ended:
      guard let candidate = addCandidates.removeValue(forKey: touch.id),
        touch.timestamp - candidate.start.timestamp <= addTapMaximumDuration,
        let drag = drags.last(where: { $0.phase == .dragging })
      else { return false }
      guard add(from: candidate.interaction, at: touch.location, to: drag) else { return false }
      // The tap became part of the drag: the recognisers that saw it go down are cancelled.
      window?.cancelRecognizers(forTouch: touch.id)
      return true
    case .stationary:
      return false
    }
  }

}
