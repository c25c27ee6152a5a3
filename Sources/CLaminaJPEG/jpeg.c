// See include/CLaminaJPEG.h.
#include "CLaminaJPEG.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

struct LaminaJPEG {
  struct jpeg_decompress_struct info;
  struct jpeg_error_mgr errors;
  /// Set by the function now calling libjpeg, before it calls it.
  jmp_buf jump;
  int status;
  char message[JMSG_LENGTH_MAX];
};

/// libjpeg's fatal errors: keep the message, jump back to the caller.
static void lamina_jpeg_error_exit(j_common_ptr info) {
  LaminaJPEG *jpeg = (LaminaJPEG *)info->client_data;
  jpeg->status = LAMINA_JPEG_CORRUPT;
  (*info->err->format_message)(info, jpeg->message);
  longjmp(jpeg->jump, 1);
}

/// Warnings (level < 0) and trace messages: silent, except the warnings
/// that mean lost pixels, which fail the decode (see the header's policy).
static void lamina_jpeg_emit_message(j_common_ptr info, int level) {
  if (level >= 0) return;
  int status = LAMINA_JPEG_OK;
  switch (info->err->msg_code) {
  case JWRN_JPEG_EOF:
  case JWRN_HIT_MARKER: status = LAMINA_JPEG_TRUNCATED; break;
  case JWRN_HUFF_BAD_CODE:
  case JWRN_ARITH_BAD_CODE:
  case JWRN_MUST_RESYNC: status = LAMINA_JPEG_CORRUPT; break;
  default: break;
  }
  if (status != LAMINA_JPEG_OK) {
    LaminaJPEG *jpeg = (LaminaJPEG *)info->client_data;
    jpeg->status = status;
    (*info->err->format_message)(info, jpeg->message);
    longjmp(jpeg->jump, 1);
  }
  info->err->num_warnings++;
}

static void lamina_jpeg_output_message(j_common_ptr info) { (void)info; }

LaminaJPEG *lamina_jpeg_open(const uint8_t *data, size_t size) {
  LaminaJPEG *jpeg = calloc(1, sizeof(LaminaJPEG));
  if (!jpeg) return NULL;
  jpeg->info.err = jpeg_std_error(&jpeg->errors);
  jpeg->errors.error_exit = lamina_jpeg_error_exit;
  jpeg->errors.emit_message = lamina_jpeg_emit_message;
  jpeg->errors.output_message = lamina_jpeg_output_message;
  jpeg->info.client_data = jpeg;
  if (setjmp(jpeg->jump)) {
    // Only out of memory (or a library version mismatch) gets here.
    jpeg_destroy_decompress(&jpeg->info);
    free(jpeg);
    return NULL;
  }
  jpeg_create_decompress(&jpeg->info);
  // An empty source is a fatal error in libjpeg; one byte is then "truncated".
  static const uint8_t none = 0;
  jpeg_mem_src(&jpeg->info, size ? data : &none, size ? (unsigned long)size : 1);
  return jpeg;
}

int lamina_jpeg_read_header(LaminaJPEG *jpeg, uint32_t *width, uint32_t *height, int *components) {
  if (setjmp(jpeg->jump)) return jpeg->status;
  jpeg_read_header(&jpeg->info, TRUE);
  *width = jpeg->info.image_width;
  *height = jpeg->info.image_height;
  *components = jpeg->info.num_components;
  return LAMINA_JPEG_OK;
}

int lamina_jpeg_read_rgba(LaminaJPEG *jpeg, uint8_t *pixels, size_t stride, uint32_t width, uint32_t height) {
  struct jpeg_decompress_struct *info = &jpeg->info;
  if (setjmp(jpeg->jump)) return jpeg->status;
  int cmyk = info->jpeg_color_space == JCS_CMYK || info->jpeg_color_space == JCS_YCCK;
  // libjpeg-turbo writes RGBA (alpha 0xFF) from grey, YCbCr and RGB itself;
  // CMYK comes out as 4 bytes a pixel too and is converted in place.
  info->out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  jpeg_start_decompress(info);
  if (info->output_width != width || info->output_height != height || info->output_components != 4 ||
      stride < (size_t)width * 4) {
    snprintf(jpeg->message, sizeof jpeg->message, "libjpeg's output is %u×%u×%d, not %u×%u RGBA",
             (unsigned)info->output_width, (unsigned)info->output_height, info->output_components,
             (unsigned)width, (unsigned)height);
    jpeg->status = LAMINA_JPEG_CORRUPT;
    return jpeg->status;
  }
  while (info->output_scanline < info->output_height) {
    JSAMPROW row = pixels + (size_t)info->output_scanline * stride;
    if (jpeg_read_scanlines(info, &row, 1) != 1) {
      // The memory source never suspends; this would be a libjpeg fault.
      snprintf(jpeg->message, sizeof jpeg->message, "libjpeg returned no row %u",
               (unsigned)info->output_scanline);
      jpeg->status = LAMINA_JPEG_CORRUPT;
      return jpeg->status;
    }
    if (cmyk) {
      for (uint32_t x = 0; x < width; x++) {
        uint8_t *p = row + (size_t)x * 4;
        unsigned k = p[3];
        p[0] = (uint8_t)((p[0] * k + 127) / 255);
        p[1] = (uint8_t)((p[1] * k + 127) / 255);
        p[2] = (uint8_t)((p[2] * k + 127) / 255);
        p[3] = 255;
      }
    }
  }
  // Reads the rest up to EOI: a multi-scan file cut after its last scan
  // still ends early and fails here.
  jpeg_finish_decompress(info);
  return LAMINA_JPEG_OK;
}

const char *lamina_jpeg_message(const LaminaJPEG *jpeg) { return jpeg->message; }

void lamina_jpeg_close(LaminaJPEG *jpeg) {
  if (!jpeg) return;
  jpeg_destroy_decompress(&jpeg->info);
  free(jpeg);
}
