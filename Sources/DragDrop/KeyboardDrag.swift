/// Speaks what a keyboard drag does, for screen readers and tests.
@MainActor
public protocol Announcer: AnyObject {
  func announce(_ text: String)
}

/// An announcer that keeps what it was told.
@MainActor
public final class RecordingAnnouncer: Announcer {
  public private(set) var announcements: [String] = []
  public init() {}
  public func announce(_ text: String) { announcements.append(text) }
}

extension DropInteraction {
  /// The places a keyboard drag can stop at over this target, in the view's coordinates,
  /// in order. The default is the centre of the view; a list offers one per gap.
  public var keyboardDropLocations: [Point] {
    if let provider = keyboardDropLocationProvider { return provider() }
    guard let view else { return [] }
    return [view.bounds.center]
  }

  /// The stops of a keyboard drag over this target: ``keyboardDropStopsProvider``'s, or
  /// ``keyboardDropLocations``.
  public var keyboardDropStops: KeyboardDropStops {
    keyboardDropStopsProvider?() ?? KeyboardDropStops(keyboardDropLocations)
  }
}

/// Keyboard drag, which iOS lacks: Space lifts the focused draggable view, Tab and
/// Shift-Tab move between drop targets, the arrow keys between positions within one,
/// Return drops and Escape cancels. Delegates see the same calls as for touch, and every
/// step is announced.
extension DragController {
  /// The id keyboard drags use in place of a touch.
  static let keyboardTouchID = Int.min / 2

  var keyboardDrag: LiveDrag? {
    drags.first { $0.touchID == Self.keyboardTouchID && ($0.phase == .dragging || $0.phase == .lifting) }
  }

  func handleKey(_ event: KeyEvent) -> Bool {
    guard event.phase == .down else { return keyboardDrag != nil }
    if let drag = keyboardDrag {
      switch event.key {
      case .tab:
        step(drag, target: event.modifiers.contains(.shift) ? -1 : 1)
      case .down, .right:
        step(drag, position: 1)
      case .up, .left:
        step(drag, position: -1)
      case .return:
        keyboardDrop(drag)
      case .escape:
        announce("Cancelled. \(names(of: drag)) returned.")
        cancel(drag)
      default:
        return false
      }
      return true
    }
    guard event.key == .space, let window, let focused = window.focusedView else { return false }
    var view: View? = focused
    while let current = view {
      if let interaction = current.interactions.compactMap({ $0 as? DragInteraction }).first(where: \.isEnabled) {
        // The focused part of the view: a list's focused item, or the whole view.
        let center = focused.convert((focused.keyboardFocusRect ?? focused.bounds).center, to: window)
        // Nothing to drag: the key goes on to the focused view.
        guard let drag = startLift(interaction, touchID: Self.keyboardTouchID, location: center) else { return false }
        drag.keyboardNames = focused.keyboardFocusLabel ?? focused.accessibilityLabel
        begin(drag)
        announce("Picked up \(names(of: drag)).")
        return true
      }
      view = current.superview
    }
    return false
  }

  /// The drop targets a keyboard drag visits, in the window's order, with their stops.
  private func keyboardStops(for drag: LiveDrag) -> [(target: DropInteraction, stops: KeyboardDropStops)] {
    var result: [(DropInteraction, KeyboardDropStops)] = []
    guard let window else { return [] }
    func visit(_ view: View) {
      guard !view.isHidden else { return }
      for case let interaction as DropInteraction in view.interactions where interaction.delegate != nil {
        if canHandle(interaction, drag) {
          let stops = interaction.keyboardDropStops
          if stops.count > 0 {
            // In window coordinates, found when the keys reach a stop.
            result.append(
              (
                interaction,
                KeyboardDropStops(count: stops.count) { [weak view] in
                  let point = stops.location($0)
                  return view?.convert(point, to: window) ?? point
                }
              ))
          }
        }
      }
      view.subviews.forEach(visit)
    }
    visit(window)
    return result
  }

  private func step(_ drag: LiveDrag, target delta: Int = 0, position positionDelta: Int = 0) {
    let stops = keyboardStops(for: drag)
    guard !stops.isEmpty else {
      announce("No drop targets.")
      return
    }
    var targetIndex = stops.firstIndex { $0.target === drag.keyboardTarget } ?? -1
    var position = drag.keyboardPosition
    if delta != 0 || targetIndex < 0 {
      targetIndex =
        targetIndex < 0 ? (delta < 0 ? stops.count - 1 : 0) : (targetIndex + delta + stops.count) % stops.count
      position = 0
    } else {
      position = max(0, min(stops[targetIndex].stops.count - 1, position + positionDelta))
    }
    let stop = stops[targetIndex]
    drag.keyboardTarget = stop.target
    drag.keyboardPosition = position
    move(drag, to: stop.stops.location(position))
    var text = "Over \(stop.target.traceName)"
    if stop.stops.count > 1 { text += ", position \(position + 1) of \(stop.stops.count)" }
    text += "."
    if drag.target !== stop.target || !drag.proposal.operation.performsDrop { text += " Cannot drop here." }
    announce(text)
  }

  private func keyboardDrop(_ drag: LiveDrag) {
    guard let target = drag.target, drag.proposal.operation.performsDrop else {
      announce("Cancelled. \(names(of: drag)) returned.")
      cancel(drag)
      return
    }
    let verb = drag.proposal.operation == .move ? "Moved" : "Copied"
    announce("\(verb) \(names(of: drag)) to \(target.traceName).")
    end(drag)
  }

  private func names(of drag: LiveDrag) -> String {
    if drag.session.items.count == 1, let name = drag.session.items[0].itemProvider.suggestedName ?? drag.keyboardNames
    {
      return name
    }
    return drag.session.items.count == 1 ? "1 item" : "\(drag.session.items.count) items"
  }

  private func announce(_ text: String) {
    window?.announcer?.announce(text)
  }
}
