import DragDrop

extension DelegateCall {
  /// A call to `interaction`'s delegate, in any session: what an expectation names.
  ///
  /// ```swift
  /// test.recorder.expect([.init("target", .canHandle), .init("target", .sessionDidEnter)])
  /// ```
  public init(_ interaction: String, _ method: DelegateMethod) {
    self.init(interaction: interaction, method: method)
  }

  /// The call without its session number, to compare with an expectation's calls.
  public var unnumbered: DelegateCall { DelegateCall(interaction, method) }
}

/// The delegate calls of the common steps of a drag, to build expectations from instead of
/// spelling out each call.
///
/// ```swift
/// test.longPress(at: label)
/// test.recorder.expect(DelegateCalls.lift("source"))
/// test.move(to: target)
/// test.recorder.expect(DelegateCalls.begin("source") + DelegateCalls.enter("target"), skippingMoves: true)
/// ```
public enum DelegateCalls {
  /// Calls to one interaction's delegate, in order.
  public static func on(_ interaction: String, _ methods: DelegateMethod...) -> [DelegateCall] {
    methods.map { DelegateCall(interaction, $0) }
  }

  /// A lift: the items asked for, each item's lift preview, and the lift animation.
  public static func lift(_ source: String, items: Int = 1) -> [DelegateCall] {
    on(source, .itemsForBeginning) + (0..<items).map { DelegateCall(source, .previewForLifting(item: $0)) }
      + on(source, .willAnimateLift)
  }

  /// The session begins, when the lifted items first move.
  public static func begin(_ source: String) -> [DelegateCall] {
    on(source, .sessionAllowsMoveOperation, .sessionIsRestrictedToDraggingApplication, .sessionWillBegin)
  }

  /// The drag arrives over `target`, which can handle it: asked once, then entered. A
  /// `sessionDidUpdate` follows, which an expectation that skips moves leaves out.
  public static func enter(_ target: String) -> [DelegateCall] {
    on(target, .canHandle, .sessionDidEnter)
  }

  /// The release over `target`: the source hears the end coming, the target performs the
  /// drop, and each item's drop preview is asked for (unless it has none) and animated.
  public static func drop(
    _ source: String?, on target: String, operation: DropOperation = .copy, items: Int = 1, previews: Bool = true
  ) -> [DelegateCall] {
    (source.map { on($0, .willEnd(operation)) } ?? []) + on(target, .performDrop)
      + (0..<items).flatMap { item in
        (previews ? on(target, .previewForDropping(item: item)) : []) + on(target, .willAnimateDrop(item: item))
      }
  }

  /// After the drop animation: the target concludes, the source hears the end, and every
  /// target the drag visited hears the session end.
  public static func conclude(
    _ source: String?, on target: String, operation: DropOperation = .copy, involved: [String]? = nil
  ) -> [DelegateCall] {
    on(target, .concludeDrop) + (source.map { on($0, .didEnd(operation)) } ?? [])
      + (involved ?? [target]).map { DelegateCall($0, .sessionDidEnd) }
  }

  /// The destination has loaded what it asked for.
  public static func transfer(_ source: String) -> [DelegateCall] {
    on(source, .sessionDidTransferItems)
  }

  /// A cancel: the source hears the end coming, the target under the drag (if any) sees it
  /// exit, and each item's cancel preview is asked for, then animated.
  public static func cancel(_ source: String, exiting target: String? = nil, items: Int = 1) -> [DelegateCall] {
    on(source, .willEnd(.cancel)) + (target.map { on($0, .sessionDidExit) } ?? [])
      + (0..<items).map { DelegateCall(source, .previewForCancelling(item: $0)) }
      + (0..<items).map { DelegateCall(source, .willAnimateCancel(item: $0)) }
  }
}
