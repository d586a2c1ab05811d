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

/// Where the keyboard sensor's drag is: the target and position the keys have reached, and
/// what to call the items.
struct KeyboardDragState {
  weak var drag: LiveDrag?
  weak var target: DropInteraction?
  var position = 0
  var names: String?
}

/// The keyboard sensor, which iOS lacks: Space lifts the focused draggable view (a list's
/// focused item), Tab and Shift-Tab move between drop targets, the arrow keys between
/// positions within one, Return drops and Escape cancels. Delegates see the same calls as
/// for touch, through the same pipeline, and every step is announced
/// (``DragAnnouncement``), in the window's `WindowEnvironment.announcements`.
extension DragController {
  var keyboardDrag: LiveDrag? {
    guard let drag = keyboard.drag, drag.driver == .keyboard, drag.isLive else { return nil }
    return drag
  }

  package func handleKey(_ event: KeyEvent) -> Bool {
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
        announce(.cancelled(items(of: drag)))
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
        guard let drag = lift(interaction, driver: .keyboard, at: center) else { return false }
        keyboard = KeyboardDragState(drag: drag, names: focused.keyboardFocusLabel ?? focused.accessibilityLabel)
        begin(drag)
        announce(.pickedUp(items(of: drag)))
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
      announce(.noTargets)
      return
    }
    var targetIndex = stops.firstIndex { $0.target === keyboard.target } ?? -1
    var position = keyboard.position
    if delta != 0 || targetIndex < 0 {
      targetIndex =
        targetIndex < 0 ? (delta < 0 ? stops.count - 1 : 0) : (targetIndex + delta + stops.count) % stops.count
      position = 0
    } else {
      position = max(0, min(stops[targetIndex].stops.count - 1, position + positionDelta))
    }
    let stop = stops[targetIndex]
    keyboard.target = stop.target
    keyboard.position = position
    move(drag, to: stop.stops.location(position))
    let several = stop.stops.count > 1
    announce(
      .over(
        target: name(of: stop.target), position: several ? position + 1 : nil, of: several ? stop.stops.count : nil,
        canDrop: drag.target === stop.target && drag.proposal.operation.performsDrop))
  }

  private func keyboardDrop(_ drag: LiveDrag) {
    guard let target = drag.target, drag.proposal.operation.performsDrop else {
      announce(.cancelled(items(of: drag)))
      cancel(drag)
      return
    }
    let stops = keyboard.target === target ? target.keyboardDropStops.count : 0
    announce(
      .dropped(
        items(of: drag), operation: drag.proposal.operation, target: name(of: target),
        position: stops > 1 ? keyboard.position + 1 : nil))
    release(drag)
  }

  /// The items' name for announcements: the focused view's label or the provider's name for
  /// one item, a count for several.
  private func items(of drag: LiveDrag) -> DragAnnouncement.Items {
    if drag.session.items.count == 1,
      let name = keyboard.names ?? drag.session.items[0].itemProvider.suggestedName
    {
      return .named(name)
    }
    return .count(drag.session.items.count)
  }

  /// A target's name: its view's accessibility label, or the name it was given.
  private func name(of target: DropInteraction) -> String? {
    target.view?.accessibilityLabel ?? target.name
  }

  private func announce(_ announcement: DragAnnouncement) {
    guard let window, let announcer = window.announcer else { return }
    announcer.announce(window.environment.announcements.sentence(announcement))
  }
}
