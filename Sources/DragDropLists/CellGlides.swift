import DragDrop
import Foundation

/// The cells of a list gliding to new places after an update, a gap or a reorder: each
/// cell's presentation offset shrinks to zero over the animation's duration, one frame at
/// a time on the window's clock. The list owns one.
@MainActor
final class CellGlides {
  private var gliding: [ItemsViewCell] = []
  private var timer: ScheduledAction?

  /// Starts a cell gliding from where it is shown, at `old` plus its presentation
  /// offset, to `new`.
  func start(_ cell: ItemsViewCell, from old: Rect, to new: Rect, clock: any MainActorClock, duration: Double) {
    let offset = Point(
      x: old.minX + cell.presentationOffset.x - new.minX, y: old.minY + cell.presentationOffset.y - new.minY)
    cell.presentationOffset = offset
    if cell.glide == nil { gliding.append(cell) }
    cell.glide = (offset, clock.now)
    if timer == nil { scheduleFrame(clock: clock, duration: duration) }
  }

  /// One animation frame: every glide moves on; the next frame is scheduled only while
  /// something still moves.
  private func scheduleFrame(clock: any MainActorClock, duration: Double) {
    timer = clock.schedule(after: 1.0 / 60) { [weak self] in
      guard let self else { return }
      self.timer = nil
      for cell in self.gliding {
        guard let glide = cell.glide else { continue }
        let t = duration > 0 ? min(1, (clock.now - glide.start) / duration) : 1
        // Ease in and out, as UIKit's default curve does.
        let eased = t < 0.5 ? 4 * t * t * t : 1 - pow(-2 * t + 2, 3) / 2
        cell.presentationOffset = Point(x: glide.from.x * (1 - eased), y: glide.from.y * (1 - eased))
        if t >= 1 { cell.glide = nil }
      }
      self.gliding.removeAll { $0.glide == nil }
      if !self.gliding.isEmpty { self.scheduleFrame(clock: clock, duration: duration) }
    }
  }

  /// Stops a cell's glide, leaving it drawn at its frame.
  func stop(_ cell: ItemsViewCell) {
    if cell.glide != nil {
      cell.glide = nil
      gliding.removeAll { $0 === cell }
    }
    cell.presentationOffset = .zero
  }
}
