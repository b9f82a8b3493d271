"""Conflict use cases: resolve (plan and execute), audit, rollback, disputes, history."""
