"""`python -m bench.write`: bench.write.batch."""

from bench.write.batch import main

if __name__ == "__main__":
    main()
