#!/bin/sh
# Makes the reference server's three demo review videos (server/media/videos/, issue 21 item 1).
# Run once by hand where ffmpeg (with libx264) is installed; CI does not have ffmpeg, so the
# files are committed. 4 s each, 15 fps, H.264 Constrained Baseline level 3.0, yuv420p, AAC-LC
# mono 32 kb/s, moov atom first (+faststart): what WeChat, iOS Safari and Android play. About
# 72 KB each. Bit-exact flags keep the output reproducible with the same ffmpeg build.
set -eu
cd "$(dirname "$0")/../server/media/videos"
for spec in "portrait 180x320" "landscape 320x180" "square 240x240"; do
  set -- $spec
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "testsrc2=size=$2:rate=15:duration=4" \
    -f lavfi -i "sine=frequency=440:sample_rate=44100:duration=4" \
    -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -crf 30 -preset veryslow -g 15 \
    -c:a aac -b:a 32k -ac 1 -movflags +faststart -map_metadata -1 \
    -fflags +bitexact -flags:v +bitexact -flags:a +bitexact -shortest "demo-$1.mp4"
done
