"""`python -m kitgen` runs the command line."""

from kitgen.cli.app import main

if __name__ == "__main__":
    main()
