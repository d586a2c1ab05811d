// Item providers carry the graphics values (Color, Image), so `import ItemProviders`
// brings them.
@_exported import Graphics
