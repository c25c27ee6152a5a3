// Declarations only (see include/FuzzDriver.h); libFuzzer defines the driver.
#include "FuzzDriver.h"
