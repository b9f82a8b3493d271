"""`python -m bench.notary`: bench.notary.measure."""

from bench.notary.measure import main

if __name__ == "__main__":
    main()
