"""Other editors' formats in and out: OpenTimelineIO (``.otio``) and its adapters (CMX 3600 EDL, Final Cut Pro 7
XML, FCPXML), OpenCut's project records, and captions as SRT or WebVTT. ``opentimelineio`` is imported only here,
and only by the commands that need it."""
