"""Pure domain model: no I/O, no driver, no clock call. Time arrives through `Clock`."""
