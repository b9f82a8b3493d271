"""Stage 1 of the write path: `turns.parse_input` turns an `add()` input into turns; `parts`
reads multi-part content (text, images, audio, files) in the vendors' shapes."""
