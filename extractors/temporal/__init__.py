"""Time expressions in English and Chinese: the public API in `resolve` (`find_times`,
`parse_time_argument`), the language rules in `english` and `chinese`, and the shared calendar
arithmetic in `calendar`."""
