"""The graph layer: the pure domain model, the one storage port, and its backends."""
