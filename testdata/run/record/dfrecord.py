# dryfire's own command line with one change: its Gemini gateway posts to
# GEMINI_BASE_URL instead of Google's endpoint (dryfire has no such
# override), so that it records against a local fake provider.
import os
import sys

from dryfire.adapters.driven.providers import gemini

gemini.GeminiGateway.__init__.__kwdefaults__ = {"base_url": os.environ["GEMINI_BASE_URL"]}

from dryfire.adapters.driving.cli.app import app  # noqa: E402

if __name__ == "__main__":
    sys.argv[0] = "dryfire"
    sys.exit(app())
