import DragDrop

/// The delegate calls of the common steps of a drag, as a ``DelegateRecorder`` prints them,
/// to build expectations from instead of spelling out each call.
///
/// ```swift
/// test.longPress(at: label)
/// test.recorder.expect(DelegateCalls.lift("source"))
/// test.move(to: target)
/// test.recorder.expect(DelegateCalls.begin("source") + ["target.canHandle", …], skippingMoves: true)
/// ```
public enum DelegateCalls {
  /// A lift: the items asked for, each item's lift preview, and the lift animation.
  public static func lift(_ source: String, items: Int = 1) -> [String] {
    ["\(source).itemsForBeginning"] + (0..<items).map { "\(source).previewForLifting(item \($0))" }
      + ["\(source).willAnimateLift"]
  }

  /// The session begins, when the lifted items first move.
  public static func begin(_ source: String) -> [String] {
    [
      "\(source).sessionAllowsMoveOperation", "\(source).sessionIsRestrictedToDraggingApplication",
      "\(source).sessionWillBegin",
    ]
  }

  /// The drag arrives over `target`, which can handle it: asked once, then entered. A
  /// `sessionDidUpdate` follows, which an expectation that skips moves leaves out.
  public static func enter(_ target: String) -> [String] {
    ["\(target).canHandle", "\(target).sessionDidEnter"]
  }

  /// The release over `target`: the source hears the end coming, the target performs the
  /// drop, and each item's drop preview is asked for (unless it has none) and animated.
  public static func drop(
    _ source: String?, on target: String, operation: DropOperation = .copy, items: Int = 1, previews: Bool = true
  ) -> [String] {
    (source.map { ["\($0).willEnd(\(operation))"] } ?? []) + ["\(target).performDrop"]
      + (0..<items).flatMap { item in
        (previews ? ["\(target).previewForDropping(item \(item))"] : []) + ["\(target).willAnimateDrop(item \(item))"]
      }
  }

  /// After the drop animation: the target concludes, the source hears the end, and every
  /// target the drag visited hears the session end.
  public static func conclude(
    _ source: String?, on target: String, operation: DropOperation = .copy, involved: [String]? = nil
  ) -> [String] {
    ["\(target).concludeDrop"] + (source.map { ["\($0).didEnd(\(operation))"] } ?? [])
      + (involved ?? [target]).map { "\($0).sessionDidEnd" }
  }

  /// The destination has loaded what it asked for.
  public static func transfer(_ source: String) -> [String] {
    ["\(source).sessionDidTransferItems"]
  }

  /// A cancel: the source hears the end coming, the target under the drag (if any) sees it
  /// exit, and each item's cancel preview is asked for, then animated.
  public static func cancel(_ source: String, exiting target: String? = nil, items: Int = 1) -> [String] {
    ["\(source).willEnd(cancel)"] + (target.map { ["\($0).sessionDidExit"] } ?? [])
      + (0..<items).map { "\(source).previewForCancelling(item \($0))" }
      + (0..<items).map { "\(source).willAnimateCancel(item \($0))" }
  }
}
