"""`python -m bench.store`: bench.store.port."""

from bench.store.port import main

if __name__ == "__main__":
    main()
