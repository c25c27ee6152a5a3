// HarfBuzz: shaping with its own OpenType font functions (the default of
// `hb-shape`, so the tests can compare against it), metrics and scripts.
#include <hb.h>
#include <hb-ot.h>
