// What the engine's API is written in: content types, the graphics values, item providers,
// and the views.
@_exported import ContentTypes
@_exported import Graphics
@_exported import ItemProviders
@_exported import Views
