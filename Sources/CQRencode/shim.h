#ifndef LARDER_CQRENCODE_SHIM_H
#define LARDER_CQRENCODE_SHIM_H

// libqrencode from Debian's libqrencode-dev. Only LarderQR imports this
// module.
#include <qrencode.h>

#endif
