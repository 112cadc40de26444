import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '#server/services.ts';
import type { DictService } from './dict/dict.service.ts';
import { createAppealService } from './appeal/appeal.service.ts';
import { appealRoutes } from './appeal/appeal.routes.ts';
import { createDeclareEntService } from './declare-ent/declare-ent.service.ts';
import { declareEntRoutes } from './declare-ent/declare-ent.routes.ts';
import { createDeclareProjectService } from './declare-project/declare-project.service.ts';
import { declareProjectRoutes } from './declare-project/declare-project.routes.ts';
import { createFilesService } from './files/files.service.ts';
import { filesRoutes } from './files/files.routes.ts';
import { createFreeDeclareEntService } from './free-declare-ent/free-declare-ent.service.ts';
import { freeDeclareEntRoutes } from './free-declare-ent/free-declare-ent.routes.ts';
import { createFreeProjectService } from './free-project/free-project.service.ts';
import { freeProjectRoutes } from './free-project/free-project.routes.ts';
import { createProclamationService } from './proclamation/proclamation.service.ts';
import { proclamationRoutes } from './proclamation/proclamation.routes.ts';
import { createStatisticsService, type StatisticsSources } from './statistics/statistics.service.ts';
import { statisticsRoutes } from './statistics/statistics.routes.ts';
import { createUserBookService, type AddressBookLookup } from './user-book/user-book.service.ts';
import { userBookRoutes } from './user-book/user-book.routes.ts';

/** What the enterprise services use of the public-content services. */
export interface CoreServices extends Omit<StatisticsSources, 'appeal'> {
  dict: DictService;
  addressBook: AddressBookLookup;
}

/**
 * The enterprise services of issue 4 (appeals, declarations, 免申即享, files, the user's address
 * book and the home figures), built on the public-content services. server/services.ts spreads
 * them into the one services object.
 */
export function createEnterpriseServices(deps: Deps, core: CoreServices) {
  const files = createFilesService(deps);
  const appeal = createAppealService(deps, { dict: core.dict, files });
  const declareProject = createDeclareProjectService(deps, core.dict);
  const freeDeclareEnt = createFreeDeclareEntService(deps);
  return {
    files,
    appeal,
    declareProject,
    declareEnt: createDeclareEntService(deps, { projects: declareProject, files }),
    freeProject: createFreeProjectService(deps, core.dict, freeDeclareEnt),
    freeDeclareEnt,
    proclamation: createProclamationService(deps, files),
    userBook: createUserBookService(deps, core.addressBook),
    statistics: createStatisticsService({ ...core, appeal }),
  };
}

export const enterpriseRoutes = [
  filesRoutes,
  appealRoutes,
  declareProjectRoutes,
  freeProjectRoutes,
  proclamationRoutes,
  declareEntRoutes,
  freeDeclareEntRoutes,
  userBookRoutes,
  statisticsRoutes,
] as FastifyPluginAsync[];
