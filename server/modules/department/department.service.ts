import type { DepartmentRow, DepartmentSave, StaffStatus } from '#contract/staff.ts';
import { conflict, notFound } from '#server/platform/http/errors.ts';
import type { Deps } from '#server/deps.ts';
import * as repo from './department.repository.ts';

/** Departments of the bureau: staff belong to one; appeals are assigned to one (docs/console.md "Workflows"). */
export function createDepartmentService({ db }: Deps) {
  return {
    async list(): Promise<DepartmentRow[]> {
      const rows = await repo.listDepartments(db);
      return rows.map((d) => ({ id: d.id, name: d.name, sort: d.sort, status: d.status as StaffStatus, staffCount: d.staffCount }));
    },

    /** Enabled departments for pickers. */
    async options(): Promise<{ value: number; label: string }[]> {
      const rows = await repo.listDepartments(db);
      return rows.filter((d) => d.status === 'active').map((d) => ({ value: d.id, label: d.name }));
    },

    async save(req: DepartmentSave): Promise<{ id: number }> {
      const same = await repo.findDepartmentByName(db, req.name);
      if (same && same.id !== req.id) throw conflict(`部门“${req.name}”已存在`);
      if (req.id === null) return { id: await repo.insertDepartment(db, { name: req.name, sort: req.sort }) };
      if (!(await repo.findDepartmentById(db, req.id))) throw notFound('该部门不存在或已删除');
      await repo.updateDepartment(db, req.id, { name: req.name, sort: req.sort });
      return { id: req.id };
    },

    async setStatus(id: number, status: StaffStatus): Promise<{ id: number }> {
      const rows = await repo.listDepartments(db);
      const d = rows.find((x) => x.id === id);
      if (!d) throw notFound('该部门不存在或已删除');
      if (d.status === status) throw conflict(status === 'active' ? '该部门已是启用状态' : '该部门已是停用状态');
      if (status === 'disabled' && d.staffCount) throw conflict(`该部门还有 ${d.staffCount} 名工作人员，请先把他们调到其他部门再停用`);
      await repo.updateDepartment(db, id, { status });
      return { id };
    },
  };
}
export type DepartmentService = ReturnType<typeof createDepartmentService>;
