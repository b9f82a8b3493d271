"""`python -m bench.aliases`: bench.aliases.encoder."""

from bench.aliases.encoder import main

if __name__ == "__main__":
    main()
