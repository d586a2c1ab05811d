/// What drags say to assistive technology (rule 41). The keyboard sensor announces each
/// step it takes; drags by pointer, touch or from another application announce their lift,
/// each target they stay over for ``DragController/announcementDelay`` (so that a listener
/// hears where the drag settles, not every target it crosses), and how they end.
extension DragController {
  /// The items' name for announcements: the label of what was lifted, or the provider's
  /// suggested name, for one item; a count for several.
  func items(of drag: LiveDrag) -> DragAnnouncement.Items {
    if drag.session.items.count == 1, let name = drag.itemName ?? drag.session.items[0].itemProvider.suggestedName {
      return .named(name)
    }
    return .count(drag.session.items.count)
  }

  /// A target's name: its view's accessibility label, or the name it was given.
  func name(of target: DropInteraction) -> String? {
    target.view?.accessibilityLabel ?? target.name
  }

  func announce(_ announcement: DragAnnouncement) {
    guard let window, let announcer = window.announcer else { return }
    announcer.announce(window.environment.announcements.sentence(announcement))
  }

  /// Whether the drag's steps are announced here rather than by the keyboard sensor.
  private func announcesByItself(_ drag: LiveDrag) -> Bool {
    drag.driver != .keyboard && window?.announcer != nil
  }

  /// A pointer or touch drag began moving its items.
  func announceLift(of drag: LiveDrag) {
    guard announcesByItself(drag), drag.source != nil else { return }
    announce(.pickedUp(items(of: drag)))
  }

  /// The drag's target changed: once the drag has stayed over the new one (or over none)
  /// for the delay, it is announced, unless it is the one last announced.
  func announceTargetChange(of drag: LiveDrag) {
    guard announcesByItself(drag), let clock = window?.clock else { return }
    drag.pendingAnnouncement?.cancel()
    drag.pendingAnnouncement = clock.schedule(after: announcementDelay) { [weak self, weak drag] in
      guard let self, let drag, drag.isLive else { return }
      drag.pendingAnnouncement = nil
      guard drag.target !== drag.announcedTarget else { return }
      drag.announcedTarget = drag.target
      guard let target = drag.target else { return }
      self.announce(
        .over(target: self.name(of: target), position: nil, of: nil, canDrop: drag.proposal.operation.performsDrop))
    }
  }

  /// A pointer or touch drag ended: dropped with `operation` on `target`, or cancelled
  /// after it began to move.
  func announceEnd(of drag: LiveDrag, operation: DropOperation, on target: DropInteraction?) {
    drag.pendingAnnouncement?.cancel()
    drag.pendingAnnouncement = nil
    guard announcesByItself(drag) else { return }
    if let target, operation.performsDrop {
      announce(.dropped(items(of: drag), operation: operation, target: name(of: target), position: nil))
    } else if drag.source != nil && drag.phase != .lifting {
      // A drag from another application that leaves, or fails, goes on there: nothing to say.
      announce(.cancelled(items(of: drag)))
    }
  }
}
