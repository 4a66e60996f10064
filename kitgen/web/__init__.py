"""kitgen in the browser: the web face on kitgen.api (``kitgen serve``; docs/web.md)."""
