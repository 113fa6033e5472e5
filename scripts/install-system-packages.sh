#!/usr/bin/env bash
# Installs the system packages for looking at the real window without a display (a virtual X
# server, a screenshot tool and a pointer driver) and for checking PDFs by hand (qpdf, poppler). Building, running and testing need none of
# them (every system library the window uses is loaded at run time).
set -euo pipefail
if [ "$(id -u)" -ne 0 ]; then SUDO=sudo; else SUDO=; fi
$SUDO apt-get update
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y xvfb xdotool imagemagick qpdf poppler-utils
