/* script_text: owns the fixed shell text of the scripts (src/script_text.c):
 * the functions every script carries, by what the script does. */
#ifndef ZPLAN_SCRIPT_TEXT_H
#define ZPLAN_SCRIPT_TEXT_H

extern const char zp_sh_common[], zp_sh_flags[], zp_sh_pools[],
    zp_sh_need_pool[], zp_sh_zfs[], zp_sh_datasets[], zp_sh_need_fs[],
    zp_sh_shares[], zp_sh_mounts[];

#endif
