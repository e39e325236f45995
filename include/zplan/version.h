/* version: owns zplan's version string. */
#ifndef ZPLAN_VERSION_H
#define ZPLAN_VERSION_H
#define ZPLAN_VERSION "0.1.0"
#endif
