#!/bin/sh
# A package install inside an image build must not start its service (there is no init).
exit 101
