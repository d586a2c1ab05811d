import DragDropUI

// Gestures as Apple's documentation shows them: a long press tracked through
// `@GestureState` with the transaction's animation, a drag that recolours its circle, and
// a card dragged with an offset that springs back.

struct SimpleLongPressGestureView: View {
  @GestureState private var isDetectingLongPress = false
  @State private var completedLongPress = false

  var longPress: some Gesture {
    LongPressGesture(minimumDuration: 3)
      .updating($isDetectingLongPress) { currentState, gestureState, transaction in
        gestureState = currentState
        transaction.animation = Animation.easeIn(duration: 2.0)
      }
      .onEnded { finished in
        self.completedLongPress = finished
      }
  }

  var body: some View {
    Circle()
      .fill(self.isDetectingLongPress ? Color.red : (self.completedLongPress ? Color.green : Color.blue))
      .frame(width: 100, height: 100, alignment: .center)
      .gesture(longPress)
  }
}

struct DragGestureView: View {
  @State private var isDragging = false

  var drag: some Gesture {
    DragGesture()
      .onChanged { _ in self.isDragging = true }
      .onEnded { _ in self.isDragging = false }
  }

  var body: some View {
    Circle()
      .fill(self.isDragging ? Color.red : Color.blue)
      .frame(width: 100, height: 100, alignment: .center)
      .gesture(drag)
  }
}

struct DraggableCardView: View {
  @GestureState private var dragOffset = CGSize.zero
  @State private var isPressed = false
  @State private var droppedCount = 0

  var body: some View {
    VStack {
      Text("Dropped \(droppedCount)")
      RoundedRectangle(cornerRadius: 12)
        .fill(isPressed ? Color.orange : Color.teal)
        .frame(width: 120, height: 80)
        .overlay(Text("Card").bold())
        .scaleEffect(dragOffset == .zero ? 1 : 1.1)
        .offset(dragOffset)
        .gesture(
          DragGesture(minimumDistance: 5)
            .updating($dragOffset) { value, state, _ in state = value.translation }
            .onEnded { value in
              if value.translation.height < -100 { droppedCount += 1 }
            }
        )
        .onLongPressGesture(minimumDuration: 0.5) {
          isPressed.toggle()
        }
    }
    .frame(maxWidth: .infinity, maxHeight: .infinity)
  }
}
