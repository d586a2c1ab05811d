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

/// Where the keyboard sensor's drag is: the target and stop the keys have reached, and
/// what to call the items.
struct KeyboardDragState {
  weak var drag: LiveDrag?
  weak var target: DropInteraction?
  var position = 0
}

/// The keyboard sensor, which iOS lacks (rule 41):
/// - Space (or Return) lifts the focused draggable view, a list's focused item, or the
///   selection it belongs to;
/// - Tab and Shift-Tab move between drop targets, and the arrow keys between the stops
///   within one (Home and End go to the first and the last);
/// - Ctrl-Space adds the item under the drag, as a second finger's tap does;
/// - Return drops and Escape cancels (Escape cancels a pointer or touch drag too).
///
/// Delegates see the same calls as for touch, through the same pipeline. Resting over an
/// item lets spring loading open it, as a finger held there does. Every step is announced
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
      case .home:
        step(drag, position: -Int.max / 2)
      case .end:
        step(drag, position: Int.max / 2)
      case .space where event.modifiers.contains(.control):
        addUnderKeyboardDrag(drag)
      case .return, .space:
        keyboardDrop(drag)
      case .escape:
        announce(.cancelled(items(of: drag)))
        cancel(drag)
      default:
        return false
      }
      return true
    }
    // Escape cancels a pointer or touch drag too, as on any desktop.
    if event.key == .escape, let drag = drags.last(where: { $0.isLive && $0.driver.touchID != nil }) {
      cancel(drag)
      return true
    }
    guard event.key == .space || event.key == .return, !event.modifiers.contains(.control), let window,
      let focused = window.focusedView
    else { return false }
    var view: View? = focused
    while let current = view {
      if let interaction = current.interactions.compactMap({ $0 as? DragInteraction }).first(where: \.isEnabled) {
        // Return lifts only from views that do nothing else with it: a list selects.
        if event.key == .return && focused.keyboardFocusRect != nil { return false }
        // The focused part of the view: a list's focused item, or the whole view.
        let center = focused.convert((focused.keyboardFocusRect ?? focused.bounds).center, to: window)
        // Nothing to drag: the key goes on to the focused view.
        guard let drag = lift(interaction, driver: .keyboard, at: center) else { return false }
        keyboard = KeyboardDragState(drag: drag)
        drag.itemName = focused.keyboardFocusLabel ?? focused.accessibilityLabel
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
    for interaction in dropInteractionsInWindowOrder() where canHandle(interaction, drag) {
      let stops = interaction.keyboardDropStops
      guard stops.count > 0, let view = interaction.view else { continue }
      // In window coordinates, found when the keys reach a stop.
      result.append(
        (
          interaction,
          KeyboardDropStops(
            count: stops.count,
            location: { [weak view] in
              let point = stops.location($0)
              return view?.convert(point, to: window) ?? point
            }, kind: stops.kind, isReached: stops.isReached,
            start: { [weak view] point in stops.start(view?.convert(point, from: window) ?? point) })
        ))
    }
    return result
  }

  /// Moves a keyboard drag to another target (`target` is -1 or 1), or along the stops of
  /// the target it is over (`position` is the number of stops to go, either way). Stops the
  /// target does not reach are passed by; at either end the drag stays where it is.
  private func step(_ drag: LiveDrag, target delta: Int = 0, position positionDelta: Int = 0) {
    let stops = keyboardStops(for: drag)
    guard !stops.isEmpty else {
      announce(.noTargets)
      return
    }
    var targetIndex = stops.firstIndex { $0.target === keyboard.target } ?? -1
    if targetIndex < 0, delta == 0, let sourceView = drag.source?.view,
      let home = stops.firstIndex(where: { $0.target.view === sourceView })
    {
      // The first steps go through the list the items came from, from where they were.
      targetIndex = home
      keyboard.target = stops[home].target
      keyboard.position = stops[home].stops.start(drag.session.locationInWindow) ?? -1
    }
    var start: Int
    var direction: Int
    var distance: Int
    if delta != 0 || targetIndex < 0 {
      targetIndex =
        targetIndex < 0 ? (delta < 0 ? stops.count - 1 : 0) : (targetIndex + delta + stops.count) % stops.count
      (start, direction, distance) = (-1, 1, 1)
    } else {
      (start, direction, distance) = (keyboard.position, positionDelta < 0 ? -1 : 1, abs(positionDelta))
    }
    let (target, targetStops) = stops[targetIndex]
    let last = targetStops.count - 1
    // The stop to go to: `distance` stops on, clamped to the ends.
    var wanted = max(0, min(last, start + direction * min(distance, targetStops.count + 1)))
    if wanted == start { wanted = keyboard.target === target ? start : 0 }
    var reached: Int?
    var candidate = wanted
    while candidate >= 0 && candidate <= last {
      drag.dropSession.keyboardStop = targetStops.kind(candidate)
      move(drag, to: targetStops.location(candidate))
      if drag.target === target && targetStops.isReached(candidate) || drag.target !== target {
        reached = candidate
        break
      }
      candidate += direction
    }
    if reached == nil, keyboard.target === target, start >= 0 {
      // Nothing further that way: back where it was.
      drag.dropSession.keyboardStop = targetStops.kind(start)
      move(drag, to: targetStops.location(start))
      reached = start
    }
    let position = reached ?? 0
    keyboard.target = target
    keyboard.position = position
    let canDrop = drag.target === target && drag.proposal.operation.performsDrop
    switch targetStops.kind(position) {
    case .place:
      announce(.over(target: name(of: target), position: nil, of: nil, canDrop: canDrop))
    case .position(let number, let count):
      announce(.over(target: name(of: target), position: number, of: count, canDrop: canDrop))
    case .item(let item):
      announce(.over(target: item ?? name(of: target), position: nil, of: nil, canDrop: canDrop))
    }
  }

  /// Ctrl-Space: the source adds the item under the drag, when the drag is over it, as for
  /// a second finger's tap there.
  private func addUnderKeyboardDrag(_ drag: LiveDrag) {
    let before = drag.session.items.count
    var view = window?.hitTest(drag.session.locationInWindow)
    while let current = view {
      if let interaction = current.interactions.compactMap({ $0 as? DragInteraction }).first(where: \.isEnabled) {
        if add(from: interaction, at: drag.session.locationInWindow, to: drag) {
          announce(.added(count: drag.session.items.count - before, total: drag.session.items.count))
          return
        }
        break
      }
      view = current.superview
    }
    announce(.nothingToAdd)
  }

  private func keyboardDrop(_ drag: LiveDrag) {
    guard let target = drag.target, drag.proposal.operation.performsDrop else {
      announce(.cancelled(items(of: drag)))
      cancel(drag)
      return
    }
    var into = name(of: target)
    var position: Int?
    if keyboard.target === target {
      let stops = target.keyboardDropStops
      if keyboard.position < stops.count {
        switch stops.kind(keyboard.position) {
        case .place: break
        case .position(let number, _): position = number
        case .item(let item): into = item ?? into
        }
      }
    }
    announce(.dropped(items(of: drag), operation: drag.proposal.operation, target: into, position: position))
    release(drag)
  }
}
