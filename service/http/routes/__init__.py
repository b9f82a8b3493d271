"""REST routes, grouped by resource. Every route goes through the container's use cases."""
