"""`python -m bench.scale`: bench.scale.sizes."""

import random

from bench.scale.sizes import main

if __name__ == "__main__":
    random.seed(0)
    main()
