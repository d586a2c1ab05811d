import Foundation

/// The input event being delivered, as UIKit's `UIEvent`: what ``View/hitTest(_:with:)``
/// and ``View/point(inside:with:)`` see while the window finds the view under a touch or a
/// scroll. Code that asks outside an event passes nil.
@MainActor
public final class Event {
  /// What kind of input the event carries.
  public enum EventType: Sendable, Hashable {
    /// A touch, a pen or a pointer button going down.
    case touches
    /// A scroll wheel or a touchpad's scroll.
    case scroll
    /// Keys.
    case presses
  }

  /// What kind of input the event carries.
  public let type: EventType
  /// When the input happened, in seconds on the window's clock.
  public let timestamp: TimeInterval
  /// The touch that went down, for a ``EventType/touches`` event.
  public let touch: Touch?

  /// An event of `type` at `timestamp`, for `touch` when it is one.
  public init(type: EventType, timestamp: TimeInterval, touch: Touch? = nil) {
    self.type = type
    self.timestamp = timestamp
    self.touch = touch
  }
}
